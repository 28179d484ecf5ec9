import { useSearchParams } from 'react-router';
import { AdminRunsQuerySchema } from '#shared/admin-runs.ts';
import { PageHeader } from '#web/components/page-header.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { RunFilters } from './runs/run-filters.tsx';
import { runsHref } from './runs/run-text.ts';
import type { RunsFilter } from './runs/runs-api.ts';
import { RunsView } from './runs/runs-view.tsx';

// Runs: every run of every client, newest first, 50 to a page. The filters live in the
// address (?processId=…&outcome=failed), so a link can open one process's failures; a
// filter the address gets wrong is dropped here and said by the form when sent again.

const title = 'Runs';
const description =
  'Every run of every client, newest first: filter by client, process, state, outcome, trigger and days, or find one by its run or n8n execution id.';

export const meta = () => pageMeta(title, description);

/** The filters of the address that the server's schema accepts, one by one. */
function filterOf(params: URLSearchParams): RunsFilter {
  const whole = AdminRunsQuerySchema.safeParse(Object.fromEntries(params));
  if (whole.success) {
    const { cursor: _cursor, ...filter } = whole.data;
    return filter;
  }
  const bad = new Set(whole.error.issues.map((issue) => String(issue.path[0])));
  const kept = [...params].filter(([key]) => !bad.has(key));
  return filterOf(new URLSearchParams(kept));
}

export default function AdminRunsPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const key = runsHref(filter);
  const show = (next: RunsFilter) =>
    setParams(new URLSearchParams(runsHref(next).split('?')[1] ?? ''), {
      preventScrollReset: true,
    });
  return (
    <>
      <PageHeader title={title} description={description} />
      <div className="space-y-6">
        <RunFilters key={key} initial={filter} onShow={show} />
        <RunsView key={key} filter={filter} />
      </div>
    </>
  );
}
