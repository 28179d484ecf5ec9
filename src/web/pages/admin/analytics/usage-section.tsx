import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AnalyticsPeriod, UsageRow } from '#shared/analytics.ts';
import { type ColumnDef, DataTable } from '#web/components/data-table.tsx';
import { Pager } from '#web/components/pager.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { type AnalyticsWindow, USAGE_PAGE_SIZE, usageQuery } from './analytics-api.ts';
import { periodLabel, windowLabel } from './analytics-window.ts';
import { clientColumn, failureRateColumn } from './columns.tsx';
import { UsageChart } from './usage-chart.tsx';

// Usage over time: the chart of all runs per period, then one row per period, client and
// process (the spec's usage rows), newest period first, a page at a time from the server.

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
  const [offset, setOffset] = useState(0);
  // A new window or grouping starts again from its first page.
  const windowKey = `${range.days}:${range.period}`;
  const [shownWindow, setShownWindow] = useState(windowKey);
  if (shownWindow !== windowKey) {
    setShownWindow(windowKey);
    setOffset(0);
  }
  const usage = useQuery(usageQuery(range, offset));
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
            <DataTable
              data={data.usage}
              columns={columnsFor(range.period)}
              caption={`Executions and failures per ${range.period}, client and process, ${label}`}
              initialSorting={[{ id: 'period', desc: true }]}
              rowKey={(row) => row._id}
            />
            <Pager
              offset={data.offset ?? offset}
              limit={data.limit ?? USAGE_PAGE_SIZE}
              total={data.total ?? data.usage.length}
              label="usage rows"
              busy={usage.isPlaceholderData}
              onChange={setOffset}
            />
          </div>
        )}
      </QueryState>
    </section>
  );
}
