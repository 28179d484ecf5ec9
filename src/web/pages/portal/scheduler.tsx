import { PageHeader } from '#web/components/page-header.tsx';
import { pageMeta } from '#web/lib/meta.ts';

const title = 'Scheduler';
const description = 'Create cron schedules for your workflows and see when they run next.';

export const meta = () => pageMeta(title, description);

export default function SchedulerPage() {
  return <PageHeader title={title} description={description} />;
}
