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
        <div className="flex flex-wrap items-end justify-between gap-4 border-t border-slate-200 pt-8">
          <p className="max-w-md text-sm text-slate-600">
            Top processes and usage below cover the chosen time range (UTC periods).
          </p>
          <WindowFilter range={range} onChange={setRange} />
        </div>
        <TopProcesses range={range} onChange={setRange} />
        <UsageSection range={range} />
      </div>
    </>
  );
}
