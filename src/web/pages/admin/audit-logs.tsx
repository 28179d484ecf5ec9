import { PageHeader } from '#web/components/page-header.tsx';
import { pageMeta } from '#web/lib/meta.ts';

const title = 'Audit Logs';
const description =
  'Filter and search the errors, warnings and events recorded across the platform.';

export const meta = () => pageMeta(title, description);

export default function AdminAuditLogsPage() {
  return <PageHeader title={title} description={description} />;
}
