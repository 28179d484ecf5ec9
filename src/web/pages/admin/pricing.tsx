import { PageHeader } from '#web/components/page-header.tsx';
import { pageMeta } from '#web/lib/meta.ts';

const title = 'Pricing Reference';
const description = 'Pricing by complexity and usage, with worked examples for quoting clients.';

export const meta = () => pageMeta(title, description);

export default function AdminPricingPage() {
  return <PageHeader title={title} description={description} />;
}
