import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  type RowData,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useState } from 'react';
import { ScrollRegion } from './scroll-region.tsx';

// A table over TanStack Table: sortable headers (click or Enter), a caption for screen
// readers, and a horizontal scroll inside its card on narrow screens, never the page.

export type { ColumnDef };

declare module '@tanstack/react-table' {
  // The type parameters are the library's own: a merged declaration must repeat them.
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes of the column's cells; they replace the default text colour. */
    className?: string;
    /** Classes of the column's header, e.g. text-right over a column of amounts. */
    headerClassName?: string;
  }
}

export function DataTable<T>({
  data,
  columns,
  caption,
  initialSorting = [],
  rowKey,
  sortable = true,
  className = '',
  rowClassName = 'align-top',
}: {
  data: T[];
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
  columns: ColumnDef<T, any>[];
  caption: string;
  initialSorting?: SortingState;
  rowKey?: (row: T) => string;
  /** False for a short list in a fixed order: plain headers, no sort buttons. */
  sortable?: boolean;
  /** Extra classes of the card around the table (e.g. `hidden md:block`). */
  className?: string;
  rowClassName?: string;
}) {
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const table = useReactTable({
    data,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    enableSorting: sortable,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: rowKey ? (row) => rowKey(row) : undefined,
  });

  return (
    <ScrollRegion
      label={caption}
      className={`rounded-xl border border-slate-200 bg-white shadow-sm ${className}`}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={`px-4 py-3 whitespace-nowrap ${header.column.columnDef.meta?.headerClassName ?? ''}`}
                    aria-sort={
                      sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                    }
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        onClick={header.column.getToggleSortingHandler()}
                        className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                      >
                        {label}
                        <span aria-hidden="true">
                          {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                        </span>
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-200">
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className={rowClassName}>
              {row.getVisibleCells().map((cell) => (
                <td
                  key={cell.id}
                  className={`px-4 py-3 ${cell.column.columnDef.meta?.className ?? 'text-slate-700'}`}
                >
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
