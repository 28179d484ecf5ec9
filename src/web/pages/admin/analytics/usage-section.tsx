import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { type ColumnDef, DataTable } from '#web/components/data-table.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { type AnalyticsWindow, type UsageRow, usageQuery } from './analytics-api.ts';
import { failureRate, type Period, periodLabel, windowLabel } from './analytics-window.ts';
import { UsageChart } from './usage-chart.tsx';

// Usage over time: the chart of all runs per period, then one row per period, client and
// process (the spec's usage rows), newest period first.

const linkClass = 'font-medium text-brand-700 hover:text-brand-800 hover:underline';

const columnsFor = (period: Period): ColumnDef<UsageRow>[] => [
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
  {
    accessorKey: 'clientName',
    header: 'Client',
    cell: ({ row }) => (
      <Link to={paths.adminClient(row.original.clientUserId)} className={linkClass}>
        {row.original.clientName || 'Unknown client'}
      </Link>
    ),
  },
  { accessorKey: 'executions', header: 'Executions' },
  { accessorKey: 'failures', header: 'Failures' },
  {
    id: 'rate',
    header: 'Failure rate',
    accessorFn: (row) => (row.executions ? row.failures / row.executions : 0),
    cell: ({ row }) => failureRate(row.original.executions, row.original.failures),
  },
];

export function UsageSection({ range }: { range: AnalyticsWindow }) {
  const usage = useQuery(usageQuery(range));
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
          </div>
        )}
      </QueryState>
    </section>
  );
}
