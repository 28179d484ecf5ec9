import { paths } from '#shared/paths.ts';
import { ButtonLink } from '#web/components/button.tsx';
import { termsContact, termsOfService } from '#web/content/terms.ts';
import { publicPageMeta } from '#web/lib/meta.ts';
import { LegalPage } from './shared/legal-page.tsx';

export const meta = () =>
  publicPageMeta(
    paths.terms,
    'Terms of Service',
    'The terms for using our website, client portal and software services, governed by Minnesota law. Last updated April 10, 2025.',
  );

export default function TermsPage() {
  return (
    <LegalPage
      document={termsOfService}
      extra={termsContact}
      actions={
        <>
          <ButtonLink to={paths.privacy}>Privacy Policy</ButtonLink>
          <ButtonLink to={paths.home} variant="secondary">
            Back to Home
          </ButtonLink>
        </>
      }
    />
  );
}
