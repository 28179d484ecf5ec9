import { PageHeader } from '#web/components/page-header.tsx';
import { pageMeta } from '#web/lib/meta.ts';

const title = 'Environment';
const description =
  'Health checks for the database, payment provider, workflow engine and app settings.';

export const meta = () => pageMeta(title, description);

export default function AdminEnvironmentPage() {
  return <PageHeader title={title} description={description} />;
}
