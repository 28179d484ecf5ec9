import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminInvoice } from '#shared/admin-invoices.ts';
import { formatCents } from '#shared/billing.ts';
import { billingZoneNote } from '#shared/billing-dates.ts';
import type { LedgerPayment } from '#shared/books.ts';
import type { User } from '#shared/user.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { SectionCard } from '#web/components/section-card.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { BillHoursDialog } from './bill-hours-dialog.tsx';
import { CreditNoteDialog } from './credit-note-dialog.tsx';
import { type InvoiceAction, InvoiceRow } from './invoice-row.tsx';
import { adminInvoicesQuery } from './invoices-api.ts';
import { RecordPaymentDialog } from './record-payment-dialog.tsx';
import { ReversePaymentDialog } from './reverse-payment-dialog.tsx';
import { TrialDialog } from './trial-dialog.tsx';
import { VoidInvoiceDialog } from './void-invoice-dialog.tsx';

// Invoices and payments (local billing): each invoice (invoice-row.tsx) with the admin's
// actions on it (record or reverse a payment, a credit note, void), the account credit
// the client holds, granting a trial and billing hours. With another billing provider
// the money lives there: said plainly.

type Dialog =
  | { kind: InvoiceAction; invoice: AdminInvoice }
  | { kind: 'reverse'; invoice: AdminInvoice; payment: LedgerPayment }
  | { kind: 'trial' }
  | { kind: 'hours' };

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
                  onAction={(kind) => setDialog({ kind, invoice })}
                  onReverse={(payment) => setDialog({ kind: 'reverse', invoice, payment })}
                />
              ))}
            </ul>
          )}
          <div className="mt-5 flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 pt-5">
            <p className="mr-auto text-sm text-slate-600">
              {invoices.data.accountCreditCents > 0
                ? `Account credit: ${formatCents(invoices.data.accountCreditCents)}, spent on the next invoices. `
                : ''}
              {rate ? '' : 'Set an hourly rate above to bill hours.'}
            </p>
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
      {dialog?.kind === 'credit' ? (
        <CreditNoteDialog clientId={client._id} invoice={dialog.invoice} onClose={close} />
      ) : null}
      {dialog?.kind === 'reverse' ? (
        <ReversePaymentDialog
          clientId={client._id}
          invoice={dialog.invoice}
          payment={dialog.payment}
          timeZone={invoices.data?.billingTimeZone ?? 'UTC'}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'trial' ? <TrialDialog clientId={client._id} onClose={close} /> : null}
      {dialog?.kind === 'hours' && rate ? (
        <BillHoursDialog clientId={client._id} hourlyRateCents={rate} onClose={close} />
      ) : null}
    </SectionCard>
  );
}
