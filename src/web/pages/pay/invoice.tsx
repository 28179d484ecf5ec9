import { formatCents } from '#shared/billing.ts';
import type { PaySession } from '#shared/billing-api.ts';
import { invoiceStateOf } from '#shared/billing-states.ts';
import { formatDate } from '#shared/dates.ts';
import { formatTaxRate } from '#shared/ledger-actions.ts';
import { Alert } from '#web/components/alert.tsx';
import { InvoiceStateBadge } from '#web/components/billing-state-badge.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { HowToPay } from './shared/how-to-pay.tsx';
import { BilledTo, DetailList, DetailRow, ZoneNote } from './shared/pay-details.tsx';
import { PayPage } from './shared/pay-page.tsx';

// The local provider's invoice (/pay/invoice/:token): where choosing a package and Pay Now
// lead. The invoice, its lines, the due date and how to pay it (ACH, check), with the PDF.
// Nothing here takes a payment: the consultancy records it when the money arrives.

export const meta = () => pageMeta('Your invoice', 'An invoice and how to pay it.');

type SessionInvoice = NonNullable<PaySession['invoice']>;

function StatusBadge({ invoice }: { invoice: SessionInvoice }) {
  return <InvoiceStateBadge state={invoiceStateOf(invoice)} />;
}

function Line({ label, cents }: { label: string; cents: number }) {
  return (
    <li className="flex justify-between gap-4 py-3">
      <span className="min-w-0 text-slate-700">{label}</span>
      <span className="shrink-0 font-medium text-slate-900 tabular-nums">{formatCents(cents)}</span>
    </li>
  );
}

function Lines({ invoice }: { invoice: SessionInvoice }) {
  const rate = invoice.taxRateMilliPercent;
  return (
    <section aria-labelledby="lines-heading" className="mt-6">
      <h2 id="lines-heading" className="text-base font-semibold text-slate-900">
        Items
      </h2>
      <ul className="mt-2 divide-y divide-slate-200 border-y border-slate-200 text-sm">
        {invoice.items.map((item) => (
          <Line key={item.description} label={item.description} cents={item.amount} />
        ))}
        {invoice.taxCents > 0 ? (
          <Line
            label={rate ? `Sales tax (${formatTaxRate(rate)})` : 'Sales tax'}
            cents={invoice.taxCents}
          />
        ) : null}
      </ul>
      {invoice.notes?.length ? (
        <ul className="mt-3 space-y-1 text-sm text-slate-700">
          {invoice.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function InvoiceView({ session }: { session: PaySession }) {
  const invoice = session.invoice;
  if (!invoice) return <Alert>This invoice could not be found. Open it again from Billing.</Alert>;
  const open = invoice.status === 'unpaid';
  const due = Math.max(invoice.amount - invoice.amountPaid - invoice.amountCredited, 0);
  const zone = session.billingTimeZone;

  return (
    <>
      <DetailList>
        <DetailRow label="Invoice">{invoice.number}</DetailRow>
        <DetailRow label="Issued">{formatDate(invoice.date, zone)}</DetailRow>
        {open && invoice.dueDate ? (
          <DetailRow label="Due by">{formatDate(invoice.dueDate, zone)}</DetailRow>
        ) : null}
        <DetailRow label="Status">
          <StatusBadge invoice={invoice} />
        </DetailRow>
        <BilledTo client={session.client} address={invoice.billingAddress} />
        {invoice.amountCredited > 0 && open ? (
          <DetailRow label="Credited">{formatCents(invoice.amountCredited)}</DetailRow>
        ) : null}
        {invoice.amountPaid > 0 && open ? (
          <DetailRow label="Received so far">{formatCents(invoice.amountPaid)}</DetailRow>
        ) : null}
        <DetailRow label={open ? 'Amount due' : 'Total'} strong>
          {formatCents(open ? due : invoice.amount)}
        </DetailRow>
      </DetailList>
      <ZoneNote timeZone={zone} />

      <Lines invoice={invoice} />

      {open && session.instructions ? (
        <HowToPay instructions={session.instructions} invoiceNumber={invoice.number} />
      ) : null}

      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        {invoice.pdfUrl ? (
          <a
            href={invoice.pdfUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center justify-center rounded-md bg-brand-700 px-5 py-3 text-base font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            Download PDF<span className="sr-only"> of invoice {invoice.number}</span>
          </a>
        ) : null}
      </div>
    </>
  );
}

export default function InvoicePage() {
  return (
    <PayPage
      kind="invoice"
      label="Invoice"
      title="Your invoice"
      description={(session) =>
        session.invoice?.status === 'unpaid'
          ? `Invoice ${session.invoice.number} is open. Pay it as shown below; a plan starts as soon as the payment is recorded.`
          : null
      }
    >
      {(session) => <InvoiceView session={session} />}
    </PayPage>
  );
}
