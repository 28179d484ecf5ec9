import { Link } from 'react-router';
import { formatCents } from '#shared/billing.ts';
import { type BooksRow, booksRowTypeLabels } from '#shared/books.ts';
import { paths } from '#shared/paths.ts';
import { Badge } from '#web/components/badge.tsx';
import { type ColumnDef, DataTable } from '#web/components/data-table.tsx';
import { amountText, dayText, methodText, statusText, typeTones } from './books-format.ts';

// The rows of one page, oldest first as the server orders them (no sorting here: a page
// sorted on its own would read as the whole range sorted). A table from md up, one card
// per row on phones; CSS picks one, 50 rows are cheap to render twice.

const rowKey = (row: BooksRow) => `${row.type}:${row.id}`;

function Dash() {
  return (
    <span className="text-slate-500">
      <span aria-hidden="true">–</span>
      <span className="sr-only">None</span>
    </span>
  );
}

function TypeBadge({ row }: { row: BooksRow }) {
  return <Badge tone={typeTones[row.type]}>{booksRowTypeLabels[row.type]}</Badge>;
}

function Client({ row }: { row: BooksRow }) {
  return (
    <div className="min-w-36">
      <Link
        to={paths.adminClient(row.clientId)}
        className="font-medium break-words text-brand-700 hover:text-brand-800 hover:underline"
      >
        {row.clientName || row.clientEmail}
      </Link>
      {row.company ? <p className="break-words text-slate-700">{row.company}</p> : null}
      <p
        className="text-xs break-all text-slate-600 md:max-w-44 md:truncate"
        title={row.clientEmail}
      >
        {row.clientEmail}
      </p>
    </div>
  );
}

/** The number, and for a credit note the invoice it is against. */
function DocNumber({ row }: { row: BooksRow }) {
  return (
    <div className="whitespace-nowrap">
      <span className="font-medium text-slate-900">{row.number}</span>
      {row.type === 'credit_note' && row.invoiceNumber ? (
        <p className="text-xs text-slate-600">for {row.invoiceNumber}</p>
      ) : null}
    </div>
  );
}

function Amount({ row }: { row: BooksRow }) {
  return (
    <div className="text-right whitespace-nowrap tabular-nums">
      <span className="font-medium text-slate-900">{amountText(row)}</span>
      {row.tax ? <p className="text-xs text-slate-600">incl. {formatCents(row.tax)} tax</p> : null}
    </div>
  );
}

function Status({ row }: { row: BooksRow }) {
  return <span className="whitespace-nowrap">{statusText(row) || <Dash />}</span>;
}

function Due({ row }: { row: BooksRow }) {
  if (!row.dueDate) return null;
  return <p className="text-xs whitespace-nowrap text-slate-600">Due {dayText(row.dueDate)}</p>;
}

/** The description, and how a payment was made: "Check, ref. 1042". */
function Details({ row }: { row: BooksRow }) {
  const method = methodText(row);
  if (!row.description && !method) return <Dash />;
  return (
    <div className="max-w-64 min-w-36 break-words">
      {row.description}
      {method ? (
        <p className={row.description ? 'text-xs text-slate-600' : undefined}>{method}</p>
      ) : null}
    </div>
  );
}

const columns: ColumnDef<BooksRow>[] = [
  {
    id: 'date',
    header: 'Date',
    cell: ({ row }) => (
      <div className="whitespace-nowrap">
        {dayText(row.original.date)}
        <Due row={row.original} />
      </div>
    ),
  },
  {
    id: 'number',
    header: 'Type and number',
    cell: ({ row }) => (
      <div className="space-y-1">
        <TypeBadge row={row.original} />
        <DocNumber row={row.original} />
      </div>
    ),
  },
  { id: 'client', header: 'Client', cell: ({ row }) => <Client row={row.original} /> },
  { id: 'details', header: 'Details', cell: ({ row }) => <Details row={row.original} /> },
  {
    id: 'amount',
    header: 'Amount',
    meta: { headerClassName: 'text-right' },
    cell: ({ row }) => <Amount row={row.original} />,
  },
  { id: 'status', header: 'Status', cell: ({ row }) => <Status row={row.original} /> },
];

function BooksCards({ rows, caption }: { rows: BooksRow[]; caption: string }) {
  return (
    <ul className="space-y-3 md:hidden" aria-label={caption}>
      {rows.map((row) => (
        <li key={rowKey(row)} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex items-start justify-between gap-3 text-sm">
            <div>
              <p className="text-slate-600">{dayText(row.date)}</p>
              <DocNumber row={row} />
            </div>
            <div className="flex flex-col items-end gap-1">
              <TypeBadge row={row} />
              <Amount row={row} />
            </div>
          </div>
          <div className="mt-3 text-sm">
            <Client row={row} />
          </div>
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 border-t border-slate-100 pt-3 text-sm">
            {row.description ? (
              <>
                <dt className="text-slate-600">Description</dt>
                <dd className="break-words text-slate-800">{row.description}</dd>
              </>
            ) : null}
            {statusText(row) ? (
              <>
                <dt className="text-slate-600">Status</dt>
                <dd className="text-slate-800">
                  <Status row={row} />
                  <Due row={row} />
                </dd>
              </>
            ) : null}
            {row.method ? (
              <>
                <dt className="text-slate-600">Method</dt>
                <dd className="break-words text-slate-800">{methodText(row)}</dd>
              </>
            ) : null}
          </dl>
        </li>
      ))}
    </ul>
  );
}

export function BooksRows({ rows }: { rows: BooksRow[] }) {
  const caption = 'Invoices, credit notes and payments, oldest first';
  return (
    <>
      <DataTable
        data={rows}
        columns={columns}
        caption={caption}
        rowKey={rowKey}
        sortable={false}
        className="hidden md:block"
      />
      <BooksCards rows={rows} caption={caption} />
    </>
  );
}
