import type { DayStats, ProcessStats } from '#shared/analytics.ts';
import { formatDateTime, formatDayKey } from '#shared/dates.ts';
import { Badge } from '#web/components/badge.tsx';
import { type ColumnDef, DataTable } from '#web/components/data-table.tsx';
import { failureRate } from './analytics-data.ts';

// The figures as tables: the chart's data day by day, and each process's totals.

const dayColumns: ColumnDef<DayStats, unknown>[] = [
  { accessorKey: 'date', header: 'Day', cell: (c) => formatDayKey(c.row.original.date) },
  { accessorKey: 'runs', header: 'Runs' },
  {
    id: 'succeeded',
    header: 'Succeeded',
    accessorFn: (d) => d.runs - d.failures,
  },
  { accessorKey: 'failures', header: 'Failed' },
];

export function DaysTable({ days }: { days: DayStats[] }) {
  return (
    <DataTable
      data={days}
      columns={dayColumns}
      caption="Runs per day"
      rowKey={(d) => d.date}
      initialSorting={[{ id: 'date', desc: true }]}
    />
  );
}

const processColumns: ColumnDef<ProcessStats, unknown>[] = [
  {
    accessorKey: 'name',
    header: 'Process',
    cell: (c) => <span className="font-medium text-slate-900">{c.row.original.name}</span>,
  },
  { accessorKey: 'runs', header: 'Runs' },
  { accessorKey: 'failures', header: 'Failures' },
  {
    id: 'rate',
    header: 'Failure rate',
    accessorFn: (p) => (p.runs === 0 ? 0 : p.failures / p.runs),
    cell: (c) => failureRate(c.row.original.runs, c.row.original.failures),
  },
  {
    id: 'lastRun',
    header: 'Last run',
    accessorFn: (p) => p.lastRun?.startedAt ?? '',
    cell: (c) => {
      const run = c.row.original.lastRun;
      if (!run) return '—';
      return (
        <span className="flex flex-wrap items-center gap-2 whitespace-nowrap">
          <time dateTime={run.startedAt}>{formatDateTime(run.startedAt)}</time>
          {run.ok === null ? (
            <Badge tone="blue">Running</Badge>
          ) : (
            <Badge tone={run.ok ? 'green' : 'red'}>{run.ok ? 'Succeeded' : 'Failed'}</Badge>
          )}
        </span>
      );
    },
  },
];

export function ProcessesTable({ processes }: { processes: ProcessStats[] }) {
  return (
    <DataTable
      data={processes}
      columns={processColumns}
      caption="Runs per process"
      rowKey={(p) => p.processId}
      initialSorting={[{ id: 'runs', desc: true }]}
    />
  );
}
