import { useQuery } from '@tanstack/react-query';
import { formatCents } from '#shared/billing.ts';
import type { Invoice } from '#shared/billing-api.ts';
import { billingZoneNote } from '#shared/billing-dates.ts';
import { formatDate } from '#shared/dates.ts';
import { buttonClass } from '#web/components/button.tsx';
import { type ColumnDef, DataTable } from '#web/components/data-table.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { billingZoneQuery, invoicesQuery } from './billing-api.ts';
import { InvoiceStatusBadge } from './status-badge.tsx';

// Recent invoices (SPEC §2): date, status, amount, a PDF link and Pay Now for unpaid
// ones. A table from md up, stacked cards on phones. The PDF link is signed, so it opens
// in a new tab without the bearer header. Dates are the billing zone's days (the zone
// comes with the billing status), said once under the list.

const linkClass = 'font-semibold text-brand-700 hover:text-brand-800 hover:underline';

/** "Due Dec 9, 2026" under an open invoice, so the date to pay by is in sight. */
function DueLine({ invoice, zone }: { invoice: Invoice; zone: string | undefined }) {
  if (invoice.status !== 'unpaid' || !invoice.dueDate) return null;
  return <p className="text-xs text-slate-600">Due {formatDate(invoice.dueDate, zone)}</p>;
}

/**
 * What happened to an invoice since it was issued: why the consultancy voided it, credit
 * notes and reversed payments, and what is still due when that is not the total.
 */
function VoidReason({ invoice }: { invoice: Invoice }) {
  const notes = invoice.notes ?? [];
  const due =
    invoice.status === 'unpaid' &&
    invoice.amountDue !== undefined &&
    invoice.amountDue !== invoice.amount
      ? invoice.amountDue
      : null;
  if (!invoice.voidReason && notes.length === 0 && due === null) return null;
  return (
    <div className="space-y-0.5 text-sm break-words text-slate-700">
      {invoice.voidReason ? <p>Voided: {invoice.voidReason}</p> : null}
      {notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
      {due !== null ? <p className="font-medium">{formatCents(due)} still due</p> : null}
    </div>
  );
}

function InvoiceActions({ invoice }: { invoice: Invoice }) {
  return (
    <span className="flex flex-wrap items-center gap-x-4 gap-y-2 md:justify-end">
      {invoice.pdfUrl ? (
        <a
          href={invoice.pdfUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={linkClass}
          aria-label={`PDF of invoice ${invoice.number} (opens in a new tab)`}
        >
          PDF
        </a>
      ) : null}
      {invoice.status === 'unpaid' && invoice.paymentUrl ? (
        <a
          href={invoice.paymentUrl}
          className={buttonClass('primary', 'sm')}
          aria-label={`Pay Now: invoice ${invoice.number}`}
        >
          Pay Now
        </a>
      ) : null}
    </span>
  );
}

// Newest first as the server sends them, so the headers do not sort.
const columnsIn = (zone: string | undefined): ColumnDef<Invoice>[] => [
  {
    id: 'invoice',
    header: 'Invoice',
    meta: { className: '' },
    cell: ({ row: { original: invoice } }) => (
      <>
        <p className="font-medium text-slate-900">{invoice.number}</p>
        <p className="text-slate-600">{invoice.description}</p>
        <VoidReason invoice={invoice} />
      </>
    ),
  },
  {
    id: 'date',
    header: 'Date',
    meta: { className: 'whitespace-nowrap text-slate-700' },
    cell: ({ row }) => formatDate(row.original.date, zone),
  },
  {
    id: 'status',
    header: 'Status',
    meta: { className: '' },
    cell: ({ row }) => (
      <>
        <InvoiceStatusBadge invoice={row.original} />
        <DueLine invoice={row.original} zone={zone} />
      </>
    ),
  },
  {
    id: 'amount',
    header: 'Amount',
    meta: {
      headerClassName: 'text-right',
      className: 'text-right font-medium whitespace-nowrap text-slate-900 tabular-nums',
    },
    cell: ({ row }) => formatCents(row.original.amount),
  },
  {
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    meta: { className: '' },
    cell: ({ row }) => <InvoiceActions invoice={row.original} />,
  },
];

function InvoiceTable({ invoices, zone }: { invoices: Invoice[]; zone: string | undefined }) {
  return (
    <DataTable
      data={invoices}
      columns={columnsIn(zone)}
      caption="Recent invoices"
      rowKey={(invoice) => invoice.id}
      sortable={false}
      className="hidden md:block"
      rowClassName="align-middle"
    />
  );
}

function InvoiceCards({ invoices, zone }: { invoices: Invoice[]; zone: string | undefined }) {
  return (
    <ul className="space-y-3 md:hidden">
      {invoices.map((invoice) => (
        <li key={invoice.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{invoice.number}</p>
              <p className="text-sm text-slate-600">{formatDate(invoice.date, zone)}</p>
            </div>
            <p className="shrink-0 font-semibold text-slate-900 tabular-nums">
              {formatCents(invoice.amount)}
            </p>
          </div>
          <p className="mt-2 text-sm break-words text-slate-600">{invoice.description}</p>
          <VoidReason invoice={invoice} />
          <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm">
            <span>
              <InvoiceStatusBadge invoice={invoice} />
              <DueLine invoice={invoice} zone={zone} />
            </span>
            <InvoiceActions invoice={invoice} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function InvoicesSection() {
  const invoices = useQuery(invoicesQuery());
  // The list waits for the zone too, so its days never flip from the browser's to billing's.
  const zone = useQuery(billingZoneQuery());
  return (
    <section aria-labelledby="invoices-heading">
      <h2 id="invoices-heading" className="mb-4 text-lg font-semibold text-slate-900">
        Recent invoices
      </h2>
      <QueryState
        query={invoices}
        loading="Loading invoices…"
        failed="Invoices could not be loaded"
        isEmpty={(list) => list.length === 0}
        empty="No invoices yet. Your first one appears here once you choose a plan."
      >
        {(list) =>
          zone.isPending ? null : (
            <>
              <InvoiceTable invoices={list} zone={zone.data} />
              <InvoiceCards invoices={list} zone={zone.data} />
              {zone.data ? (
                <p className="mt-3 text-xs text-slate-500">{billingZoneNote(zone.data)}</p>
              ) : null}
            </>
          )
        }
      </QueryState>
    </section>
  );
}
