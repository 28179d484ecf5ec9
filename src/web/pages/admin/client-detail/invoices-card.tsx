import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminInvoice } from '#shared/admin-invoices.ts';
import { formatCents } from '#shared/billing.ts';
import { billingZoneNote } from '#shared/billing-dates.ts';
import { billingStatusLabel, invoiceStatusTones } from '#shared/billing-format.ts';
import { ledgerPaymentMethodLabels } from '#shared/books.ts';
import { dayStart, formatDate } from '#shared/dates.ts';
import type { User } from '#shared/user.ts';
import { Alert } from '#web/components/alert.tsx';
import { Badge } from '#web/components/badge.tsx';
import { Button } from '#web/components/button.tsx';
import { SectionCard } from '#web/components/section-card.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { BillHoursDialog } from './bill-hours-dialog.tsx';
import { adminInvoicesQuery } from './invoices-api.ts';
import { RecordPaymentDialog } from './record-payment-dialog.tsx';
import { TrialDialog } from './trial-dialog.tsx';
import { VoidInvoiceDialog } from './void-invoice-dialog.tsx';

// Invoices and payments (local billing): each invoice with what is due and by when, the
// payments recorded against it, and the admin's actions: record a payment, void an open
// invoice with a reason, grant a trial, bill hours. With another billing provider the money lives there: said plainly.

type Dialog =
  | { kind: 'payment' | 'void'; invoice: AdminInvoice }
  | { kind: 'trial' }
  | { kind: 'hours' };

function PaymentLines({ invoice }: { invoice: AdminInvoice }) {
  if (invoice.payments.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1 text-sm text-slate-600">
      {invoice.payments.map((payment) => (
        <li key={payment.id}>
          {formatCents(payment.amount)} by {ledgerPaymentMethodLabels[payment.method]} on{' '}
          {formatDate(dayStart(payment.paidOn), 'UTC')}
          {payment.reference ? ` · ${payment.reference}` : ''}
          {payment.recordedBy ? ` · recorded by ${payment.recordedBy}` : ''}
        </li>
      ))}
    </ul>
  );
}

function InvoiceRow({
  invoice,
  zone,
  onRecord,
  onVoid,
}: {
  invoice: AdminInvoice;
  /** The billing zone, whose days the dates name. */
  zone: string;
  onRecord: () => void;
  onVoid: () => void;
}) {
  const open = invoice.status === 'unpaid';
  const due = invoice.amount - invoice.amountPaid;
  const overdue = open && invoice.dueDate !== null && Date.parse(invoice.dueDate) < Date.now();
  return (
    <li className="py-4">
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2">
        <div className="min-w-0 grow basis-64">
          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            {invoice.number}
            <Badge tone={invoiceStatusTones[invoice.status]}>
              {billingStatusLabel(invoice.status)}
            </Badge>
            {overdue ? <span className="text-sm font-semibold text-red-700">Overdue</span> : null}
          </p>
          <p className="mt-0.5 text-sm break-words text-slate-600">{invoice.description}</p>
          {invoice.voidReason ? (
            <p className="mt-0.5 text-sm break-words text-slate-700">
              Voided: {invoice.voidReason}
            </p>
          ) : null}
          <p className="mt-0.5 text-sm text-slate-600">
            Issued {formatDate(invoice.date, zone)}
            {open && invoice.dueDate ? ` · due ${formatDate(invoice.dueDate, zone)}` : ''}
            {invoice.periodEnd && !open
              ? ` · covers to ${formatDate(invoice.periodEnd, zone)}`
              : ''}
          </p>
          <PaymentLines invoice={invoice} />
        </div>
        <div className="flex shrink-0 items-center gap-4">
          <p className="text-right text-sm tabular-nums">
            <span className="block font-semibold text-slate-900">
              {formatCents(invoice.amount)}
            </span>
            {open && invoice.amountPaid > 0 ? (
              <span className="block text-slate-600">{formatCents(due)} due</span>
            ) : null}
          </p>
          {open ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={onRecord}
              aria-label={`Record a payment for ${invoice.number}`}
            >
              Record payment
            </Button>
          ) : null}
          {open && invoice.amountPaid === 0 ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={onVoid}
              aria-label={`Void ${invoice.number}`}
            >
              Void
            </Button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

export function InvoicesCard({ client }: { client: User }) {
  const invoices = useQuery(adminInvoicesQuery(client._id));
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const rate = client.billingPrefs.hourlyRateCents ?? null;
  const elsewhere = invoices.error instanceof ApiError && invoices.error.status === 409;

  return (
    <SectionCard
      id="invoices"
      title="Invoices and payments"
      className="lg:col-span-2"
      description={`Record payments as they arrive: a plan invoice paid in full starts or renews the plan.${invoices.data ? ` ${billingZoneNote(invoices.data.billingTimeZone)}` : ''}`}
    >
      {invoices.isPending ? <Spinner label="Loading invoices…" /> : null}
      {elsewhere ? <Alert tone="info">{invoices.error?.message}</Alert> : null}
      {invoices.isError && !elsewhere ? (
        <Alert title="Invoices could not be loaded">
          <p>{invoices.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => invoices.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {invoices.isSuccess ? (
        <>
          {invoices.data.invoices.length === 0 ? (
            <p className="text-sm text-slate-600">
              No invoices yet. One is issued when the client chooses a package, or when you bill
              hours.
            </p>
          ) : (
            <ul className="-my-4 divide-y divide-slate-200">
              {invoices.data.invoices.map((invoice) => (
                <InvoiceRow
                  key={invoice.id}
                  invoice={invoice}
                  zone={invoices.data.billingTimeZone}
                  onRecord={() => setDialog({ kind: 'payment', invoice })}
                  onVoid={() => setDialog({ kind: 'void', invoice })}
                />
              ))}
            </ul>
          )}
          <div className="mt-5 flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 pt-5">
            {rate ? null : (
              <p className="mr-auto text-sm text-slate-600">
                Set an hourly rate above to bill hours.
              </p>
            )}
            <Button variant="secondary" onClick={() => setDialog({ kind: 'trial' })}>
              Grant trial
            </Button>
            <Button
              variant="secondary"
              disabled={!rate}
              onClick={() => setDialog({ kind: 'hours' })}
            >
              Bill hours
            </Button>
          </div>
        </>
      ) : null}
      {dialog?.kind === 'payment' ? (
        <RecordPaymentDialog
          clientId={client._id}
          invoice={dialog.invoice}
          timeZone={invoices.data?.billingTimeZone ?? 'UTC'}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'void' ? (
        <VoidInvoiceDialog clientId={client._id} invoice={dialog.invoice} onClose={close} />
      ) : null}
      {dialog?.kind === 'trial' ? <TrialDialog clientId={client._id} onClose={close} /> : null}
      {dialog?.kind === 'hours' && rate ? (
        <BillHoursDialog clientId={client._id} hourlyRateCents={rate} onClose={close} />
      ) : null}
    </SectionCard>
  );
}
