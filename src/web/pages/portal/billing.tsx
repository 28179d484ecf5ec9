import { PageHeader } from '#web/components/page-header.tsx';
import { pageMeta } from '#web/lib/meta.ts';

const title = 'Billing';
const description = 'Check your subscription status, choose a plan and download your invoices.';

export const meta = () => pageMeta(title, description);

export default function BillingPage() {
  return <PageHeader title={title} description={description} />;
}
