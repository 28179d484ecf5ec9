import { PageHeader } from '#web/components/page-header.tsx';
import { pageMeta } from '#web/lib/meta.ts';

const title = 'Processes';
const description =
  'Create processes, connect them to workflow webhooks, test them, pause or activate them.';

export const meta = () => pageMeta(title, description);

export default function AdminProcessesPage() {
  return <PageHeader title={title} description={description} />;
}
