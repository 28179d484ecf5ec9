import { PageHeader } from '#web/components/page-header.tsx';
import { pageMeta } from '#web/lib/meta.ts';

const title = 'Set a new password';
const description = 'Choose a new password for your account.';

export const meta = () => pageMeta(title, description);

export default function ResetPasswordPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <PageHeader title={title} description={description} />
    </div>
  );
}
