import { paths } from '#shared/paths.ts';
import { ButtonLink } from '#web/components/button.tsx';
import { privacyPolicy } from '#web/content/privacy.ts';
import { publicPageMeta } from '#web/lib/meta.ts';
import { LegalPage } from './shared/legal-page.tsx';

export const meta = () =>
  publicPageMeta(
    paths.privacy,
    'Privacy Policy',
    'What personal information we collect through our website and client portal, how we use and protect it, and your choices. Last updated April 10, 2025.',
  );

export default function PrivacyPage() {
  return (
    <LegalPage
      document={privacyPolicy}
      actions={
        <>
          <ButtonLink to={paths.terms}>Terms of Service</ButtonLink>
          <ButtonLink to={paths.home} variant="secondary">
            Back to Home
          </ButtonLink>
        </>
      }
    />
  );
}
