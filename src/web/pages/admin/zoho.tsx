import { PageHeader } from '#web/components/page-header.tsx';
import { pageMeta } from '#web/lib/meta.ts';

const title = 'CRM & Billing Apps';
const description =
  'Link clients to CRM and billing records, provision subscriptions and sync their status.';

export const meta = () => pageMeta(title, description);

export default function AdminZohoPage() {
  return <PageHeader title={title} description={description} />;
}
