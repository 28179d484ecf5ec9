import type { AdminInvoice } from '#shared/admin-invoices.ts';
import { formatCents } from '#shared/billing.ts';
import { invoiceStateOf } from '#shared/billing-states.ts';
import { type LedgerPayment, ledgerPaymentMethodLabels } from '#shared/books.ts';
import { dayStart, formatDate } from '#shared/dates.ts';
import { formatTaxRate } from '#shared/ledger-actions.ts';
import { InvoiceStateBadge } from '#web/components/billing-state-badge.tsx';
import { Button } from '#web/components/button.tsx';

// One invoice in the admin's list (local billing): what it asks for and by when, its
// payments (reversed ones marked), its credit notes, and the admin's actions on it.

export type InvoiceAction = 'payment' | 'void' | 'credit';

/** A day key (YYYY-MM-DD) as the calendar day it names. */
const day = (key: string) => formatDate(dayStart(key), 'UTC');

/** What the invoice still asks for; a void one, what it had asked (money may still come). */
export const amountDue = (invoice: AdminInvoice) =>
  invoice.status === 'void'
    ? invoice.amount - invoice.amountPaid
    : Math.max(invoice.amount - invoice.amountPaid - invoice.amountCredited, 0);

function PaymentLine({
  invoice,
  payment,
  onReverse,
}: {
  invoice: AdminInvoice;
  payment: LedgerPayment;
  onReverse: () => void;
}) {
  const reversed = payment.reversedOn !== null;
  return (
    <li className="flex flex-wrap items-baseline gap-x-3">
      <span className={reversed ? 'line-through decoration-slate-400' : undefined}>
        {formatCents(payment.amount)} by {ledgerPaymentMethodLabels[payment.method]} on{' '}
        {day(payment.paidOn)}
        {payment.reference ? ` · ${payment.reference}` : ''}
        {payment.recordedBy ? ` · recorded by ${payment.recordedBy}` : ''}
      </span>
      {reversed ? (
        <span className="text-red-700">
          Reversed {day(payment.reversedOn ?? '')}: {payment.reversalReason}
        </span>
      ) : (
        <button
          type="button"
          onClick={onReverse}
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          Reverse
          <span className="sr-only">
            {' '}
            the payment of {formatCents(payment.amount)} on {invoice.number}
          </span>
        </button>
      )}
    </li>
  );
}

function LedgerLines({
  invoice,
  onReverse,
}: {
  invoice: AdminInvoice;
  onReverse: (payment: LedgerPayment) => void;
}) {
  if (invoice.payments.length === 0 && invoice.creditNotes.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1 text-sm text-slate-600">
      {invoice.payments.map((payment) => (
        <PaymentLine
          key={payment.id}
          invoice={invoice}
          payment={payment}
          onReverse={() => onReverse(payment)}
        />
      ))}
      {invoice.creditNotes.map((note) => (
        <li key={note.id}>
          Credit note {note.number}: {formatCents(note.amount)} · {note.reason}
        </li>
      ))}
    </ul>
  );
}

function Dates({ invoice, zone }: { invoice: AdminInvoice; zone: string }) {
  const open = invoice.status === 'unpaid';
  return (
    <p className="mt-0.5 text-sm text-slate-600">
      Issued {formatDate(invoice.date, zone)}
      {open && invoice.dueDate ? ` · due ${formatDate(invoice.dueDate, zone)}` : ''}
      {invoice.periodEnd && !open ? ` · covers to ${formatDate(invoice.periodEnd, zone)}` : ''}
      {invoice.taxCents > 0 && invoice.taxRateMilliPercent
        ? ` · includes ${formatCents(invoice.taxCents)} sales tax (${formatTaxRate(invoice.taxRateMilliPercent)})`
        : ''}
    </p>
  );
}

function Actions({
  invoice,
  onAction,
}: {
  invoice: AdminInvoice;
  onAction: (action: InvoiceAction) => void;
}) {
  const open = invoice.status === 'unpaid';
  // Money for a cancelled invoice can still arrive: it is kept as account credit.
  const takesPayment = open || (invoice.status === 'void' && amountDue(invoice) > 0);
  const creditable = invoice.status !== 'void' && invoice.amount > invoice.amountCredited;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {takesPayment ? (
        <Button size="sm" variant="secondary" onClick={() => onAction('payment')}>
          Record payment<span className="sr-only"> for {invoice.number}</span>
        </Button>
      ) : null}
      {creditable ? (
        <Button size="sm" variant="ghost" onClick={() => onAction('credit')}>
          Credit note<span className="sr-only"> for {invoice.number}</span>
        </Button>
      ) : null}
      {open && invoice.amountPaid === 0 ? (
        <Button size="sm" variant="ghost" onClick={() => onAction('void')}>
          Void<span className="sr-only"> {invoice.number}</span>
        </Button>
      ) : null}
    </div>
  );
}

export function InvoiceRow({
  invoice,
  zone,
  onAction,
  onReverse,
}: {
  invoice: AdminInvoice;
  /** The billing zone, whose days the dates name. */
  zone: string;
  onAction: (action: InvoiceAction) => void;
  onReverse: (payment: LedgerPayment) => void;
}) {
  const open = invoice.status === 'unpaid';
  const due = amountDue(invoice);
  return (
    <li className="py-4">
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2">
        <div className="min-w-0 grow basis-64">
          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            {invoice.number}
            <InvoiceStateBadge state={invoiceStateOf(invoice)} />
          </p>
          <p className="mt-0.5 text-sm break-words text-slate-600">{invoice.description}</p>
          {invoice.voidReason ? (
            <p className="mt-0.5 text-sm break-words text-slate-700">
              Voided: {invoice.voidReason}
            </p>
          ) : null}
          <Dates invoice={invoice} zone={zone} />
          <LedgerLines invoice={invoice} onReverse={onReverse} />
        </div>
        {/* On a phone the amount and the actions take a line of their own and wrap. */}
        <div className="flex w-full flex-wrap items-center justify-between gap-x-4 gap-y-2 sm:w-auto sm:shrink-0 sm:justify-end">
          <p className="text-sm tabular-nums sm:text-right">
            <span className="block font-semibold text-slate-900">
              {formatCents(invoice.amount)}
            </span>
            {open && due !== invoice.amount ? (
              <span className="block text-slate-600">{formatCents(due)} due</span>
            ) : null}
          </p>
          <Actions invoice={invoice} onAction={onAction} />
        </div>
      </div>
    </li>
  );
}
