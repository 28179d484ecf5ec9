import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import type { ColumnDef } from '#web/components/data-table.tsx';
import { failureRate } from './analytics-window.ts';

// The columns both analytics tables have: the client, linked to its page, and the
// failure rate of the row's runs (sorted by the rate, shown as a percentage).

const linkClass = 'font-medium text-brand-700 hover:text-brand-800 hover:underline';

export function clientColumn<
  T extends { clientUserId: string; clientName: string },
>(): ColumnDef<T> {
  return {
    id: 'clientName',
    header: 'Client',
    accessorFn: (row) => row.clientName,
    cell: ({ row }) => (
      <Link to={paths.adminClient(row.original.clientUserId)} className={linkClass}>
        {row.original.clientName || 'Unknown client'}
      </Link>
    ),
  };
}

export function failureRateColumn<T>(
  counts: (row: T) => { runs: number; fails: number },
): ColumnDef<T> {
  return {
    id: 'rate',
    header: 'Failure rate',
    accessorFn: (row) => {
      const { runs, fails } = counts(row);
      return runs ? fails / runs : 0;
    },
    cell: ({ row }) => {
      const { runs, fails } = counts(row.original);
      return failureRate(runs, fails);
    },
  };
}
