import { PageHeader } from '#web/components/page-header.tsx';
import { pageMeta } from '#web/lib/meta.ts';

const title = 'Billing portal';
const description = 'Change or cancel your plan.';

export const meta = () => pageMeta(title, description);

export default function PayPortalPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <PageHeader title={title} description={description} />
    </div>
  );
}
