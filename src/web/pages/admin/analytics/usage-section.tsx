import { useQuery } from '@tanstack/react-query';
import type { AnalyticsPeriod, UsageRow } from '#shared/analytics.ts';
import { CursorPager } from '#web/components/cursor-pager.tsx';
import { type ColumnDef, DataTable } from '#web/components/data-table.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { useCursorPages } from '#web/components/use-cursor-pages.ts';
import { type AnalyticsWindow, USAGE_PAGE_SIZE, usageQuery } from './analytics-api.ts';
import { periodLabel, windowLabel } from './analytics-window.ts';
import { clientColumn, failureRateColumn } from './columns.tsx';
import { UsageChart } from './usage-chart.tsx';

// Usage over time: the chart of all runs per period, then one row per period, client and
// process (the spec's usage rows), newest period first, a page at a time from the server.
// Next asks for the rows after the last one shown (the server's cursor), Previous goes
// back to a cursor already used; no total is counted (it would cost the whole window).

const pageText = (pagesBefore: number, shown: number) => {
  if (shown === 0) return 'No more usage rows.';
  const first = pagesBefore * USAGE_PAGE_SIZE + 1;
  return `Rows ${first.toLocaleString('en-US')}–${(first + shown - 1).toLocaleString('en-US')}`;
};

const columnsFor = (period: AnalyticsPeriod): ColumnDef<UsageRow>[] => [
  {
    accessorKey: 'period',
    header: period === 'day' ? 'Day' : period === 'week' ? 'Week' : 'Month',
    cell: ({ row }) => (
      <span className="whitespace-nowrap">{periodLabel(row.original.period, period)}</span>
    ),
  },
  {
    accessorKey: 'processName',
    header: 'Process',
    cell: ({ row }) => (
      <span className="font-medium text-slate-900">{row.original.processName}</span>
    ),
  },
  clientColumn(),
  { accessorKey: 'executions', header: 'Executions' },
  { accessorKey: 'failures', header: 'Failures' },
  failureRateColumn((row) => ({ runs: row.executions, fails: row.failures })),
];

export function UsageSection({ range }: { range: AnalyticsWindow }) {
  // A new window or grouping starts again from its first page.
  const pages = useCursorPages(`${range.days}:${range.period}`);
  const usage = useQuery(usageQuery(range, pages.cursor));
  const label = windowLabel(range.days).toLowerCase();
  return (
    <section aria-labelledby="usage-heading">
      <h2 id="usage-heading" className="mb-4 text-xl font-semibold text-slate-900">
        Usage over time
      </h2>
      <QueryState
        query={usage}
        loading="Loading usage…"
        failed="Usage could not be loaded"
        isEmpty={(data) => data.usage.length === 0 && data.runsAgg.length === 0}
        empty={`No runs in the ${label}. Runs appear here once a process is triggered, scheduled or tested.`}
      >
        {(data) => (
          <div className="space-y-6">
            <UsageChart rows={data.runsAgg} range={range} />
            <div ref={pages.top} className="scroll-mt-4 space-y-4">
              <DataTable
                data={data.usage}
                columns={columnsFor(range.period)}
                caption={`Executions and failures per ${range.period}, client and process, ${label}`}
                initialSorting={[{ id: 'period', desc: true }]}
                rowKey={(row) => row._id}
              />
              <CursorPager
                label="usage rows"
                text={pageText(pages.pagesBefore, data.usage.length)}
                busy={usage.isPlaceholderData}
                {...pages.turns(data.nextCursor)}
              />
            </div>
          </div>
        )}
      </QueryState>
    </section>
  );
}
