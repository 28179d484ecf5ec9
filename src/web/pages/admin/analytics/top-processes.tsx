import { useQuery } from '@tanstack/react-query';
import type { TopProcess } from '#shared/analytics.ts';
import { type ColumnDef, DataTable } from '#web/components/data-table.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { type AnalyticsWindow, topProcessesQuery } from './analytics-api.ts';
import { windowLabel } from './analytics-window.ts';
import { clientColumn, failureRateColumn } from './columns.tsx';

// The busiest processes of the range (SPEC §2 Analytics: top processes), most runs first.

const columns: ColumnDef<TopProcess>[] = [
  {
    accessorKey: 'name',
    header: 'Process',
    cell: (c) => <span className="font-medium text-slate-900">{c.row.original.name}</span>,
  },
  clientColumn(),
  { accessorKey: 'runs', header: 'Runs' },
  { accessorKey: 'fails', header: 'Failures' },
  failureRateColumn((row) => row),
];

export function TopProcesses({ range }: { range: AnalyticsWindow }) {
  const top = useQuery(topProcessesQuery(range));
  return (
    <section aria-labelledby="top-processes-heading">
      <h2 id="top-processes-heading" className="mb-4 text-xl font-semibold text-slate-900">
        Top processes
      </h2>
      <QueryState
        query={top}
        loading="Loading top processes…"
        failed="Top processes could not be loaded"
        isEmpty={(rows) => rows.length === 0}
        empty={`No runs in the ${windowLabel(range.days).toLowerCase()}.`}
      >
        {(rows) => (
          <DataTable
            data={rows}
            columns={columns}
            caption={`Top processes, ${windowLabel(range.days).toLowerCase()}, by number of runs`}
            rowKey={(row) => row._id}
          />
        )}
      </QueryState>
    </section>
  );
}
