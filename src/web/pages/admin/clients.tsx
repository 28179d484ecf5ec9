import { PageHeader } from '#web/components/page-header.tsx';
import { pageMeta } from '#web/lib/meta.ts';

const title = 'Clients';
const description =
  'Every client account with its role, company, subscription status and allowed IPs.';

export const meta = () => pageMeta(title, description);

export default function AdminClientsPage() {
  return <PageHeader title={title} description={description} />;
}
