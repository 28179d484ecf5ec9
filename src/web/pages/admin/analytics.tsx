import { PageHeader } from '#web/components/page-header.tsx';
import { pageMeta } from '#web/lib/meta.ts';

const title = 'Analytics';
const description =
  'Platform-wide users, active subscriptions, workflow runs and the busiest processes.';

export const meta = () => pageMeta(title, description);

export default function AdminAnalyticsPage() {
  return <PageHeader title={title} description={description} />;
}
