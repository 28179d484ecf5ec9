import { PageHeader } from '#web/components/page-header.tsx';
import { pageMeta } from '#web/lib/meta.ts';

const title = 'Pay invoice';
const description = 'Pay an open invoice.';

export const meta = () => pageMeta(title, description);

export default function PayInvoicePage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <PageHeader title={title} description={description} />
    </div>
  );
}
