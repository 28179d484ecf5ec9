import { paths } from '#shared/paths.ts';
import { ButtonLink } from '#web/components/button.tsx';
import { accessibilityStatement } from '#web/content/accessibility.ts';
import { publicPageMeta } from '#web/lib/meta.ts';
import { LegalPage } from './shared/legal-page.tsx';

export const meta = () =>
  publicPageMeta(
    paths.accessibility,
    'Accessibility Statement',
    'Our commitment to WCAG 2.2 AA on this website and client portal, what we do to meet it, and how to tell us about a barrier.',
  );

export default function AccessibilityPage() {
  return (
    <LegalPage
      document={accessibilityStatement}
      numbered={false}
      actions={
        <>
          <ButtonLink to={paths.contact}>Report a Barrier</ButtonLink>
          <ButtonLink to={paths.home} variant="secondary">
            Back to Home
          </ButtonLink>
        </>
      }
    />
  );
}
