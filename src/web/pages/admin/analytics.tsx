import { PageHeader } from '#web/components/page-header.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { OverviewCards } from './analytics/overview-cards.tsx';
import { TopProcesses } from './analytics/top-processes.tsx';
import { UsageSection } from './analytics/usage-section.tsx';
import { useAnalyticsWindow, WindowFilter } from './analytics/window-filter.tsx';

const title = 'Analytics';
const description =
  'Platform-wide users, active subscriptions, workflow runs and the busiest processes.';

export const meta = () => pageMeta(title, description);

export default function AdminAnalyticsPage() {
  const [range, setRange] = useAnalyticsWindow();
  return (
    <>
      <PageHeader title={title} description={description} />
      <div className="space-y-10">
        <OverviewCards />
        <div className="border-t border-slate-200 pt-8">
          <WindowFilter range={range} onChange={setRange} />
        </div>
        <TopProcesses range={range} />
        <UsageSection range={range} />
      </div>
    </>
  );
}
