import { PageHeader } from '#web/components/page-header.tsx';
import { pageMeta } from '#web/lib/meta.ts';

const title = 'Client';
const description =
  'Account, entitlements, billing presets, allowed IPs and integrations for one client.';

export const meta = () => pageMeta(title, description);

export default function AdminClientDetailPage() {
  return <PageHeader title={title} description={description} />;
}
