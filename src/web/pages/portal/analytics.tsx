import { PageHeader } from '#web/components/page-header.tsx';
import { pageMeta } from '#web/lib/meta.ts';

const title = 'Analytics';
const description = 'See how often your workflows run, how long they take and where they fail.';

export const meta = () => pageMeta(title, description);

export default function AnalyticsPage() {
  return <PageHeader title={title} description={description} />;
}
