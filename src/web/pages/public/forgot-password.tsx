import { PageHeader } from '#web/components/page-header.tsx';
import { pageMeta } from '#web/lib/meta.ts';

const title = 'Forgot password';
const description = 'Get a link to set a new password.';

export const meta = () => pageMeta(title, description);

export default function ForgotPasswordPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <PageHeader title={title} description={description} />
    </div>
  );
}
