import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { InvoicingConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { invoicePayments, invoices } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import { formatCents } from '#shared/billing.ts';
import { ledgerPaymentMethodLabels } from '#shared/books.ts';
import { zoneDayStart } from '#shared/dates.ts';
import { ledgerMessages, type reversePaymentSchema } from '#shared/ledger-actions.ts';
import { booksMail } from '../billing-mails.ts';
import { type Acting, recordBilling } from '../provider.ts';
import { addAccountCredit, creditBalance, overpaid, stillDue } from './ledger.ts';
import { type InvoiceRow, lockClientInvoice } from './records.ts';

// Reversing a recorded payment (docs/decisions/028-the-books.md): the ACH bounced or the
// check came back. The payment row stays, marked reversed with the day and the reason; the
// invoice asks for the money again, due on the day it went back, and the billing cycle's
// grace period runs from there (a plan invoice for the period in force then lapses the
// plan as an unpaid renewal would). Credit the payment had put on the account is taken
// back, so it can be reversed only while that credit is unspent.

type ReversalBody = z.output<ReturnType<typeof reversePaymentSchema>>;

export function reversePayment(
  db: Db,
  config: InvoicingConfig,
  input: {
    clientId: string;
    invoiceId: string;
    paymentId: string;
    body: ReversalBody;
    acting: Acting;
  },
): Promise<string> {
  return db.transaction(async (tx) => {
    const invoice = await lockClientInvoice(tx, input.clientId, input.invoiceId);
    const [payment] = /^[0-9a-f-]{36}$/i.test(input.paymentId)
      ? await tx
          .select()
          .from(invoicePayments)
          .where(
            and(eq(invoicePayments.id, input.paymentId), eq(invoicePayments.invoiceId, invoice.id)),
          )
          .for('update')
      : [];
    if (!payment) throw notFound(ledgerMessages.paymentNotFound);
    if (payment.reversedAt) throw conflict(ledgerMessages.alreadyReversed);
    const after = { ...invoice, amountPaid: invoice.amountPaid - payment.amount };
    await settleAccount(tx, { invoice, after, payment, acting: input.acting });
    const { reversedOn, reason } = input.body;
    await tx
      .update(invoicePayments)
      .set({
        reversedAt: new Date(),
        reversedOn,
        reversalReason: reason,
        reversedBy: input.acting.actorId,
      })
      .where(eq(invoicePayments.id, payment.id));
    const reopens = invoice.status === 'paid' && stillDue(after) > 0;
    await tx
      .update(invoices)
      .set({
        amountPaid: after.amountPaid,
        ...(reopens && {
          status: 'unpaid' as const,
          paidAt: null,
          dueAt: zoneDayStart(reversedOn, config.timeZone),
        }),
      })
      .where(eq(invoices.id, invoice.id));
    const method = ledgerPaymentMethodLabels[payment.method];
    const said = `Payment of ${formatCents(payment.amount)} by ${method} on invoice ${invoice.number} reversed on ${reversedOn}: ${reason}`;
    await recordBilling(tx, input.acting, input.clientId, said, {
      invoiceId: invoice.id,
      paymentId: payment.id,
      amountCents: payment.amount,
      reversedOn,
      reason,
      reopened: reopens,
    });
    await booksMail(tx, config, {
      clientUserId: input.clientId,
      subject: `Payment for invoice ${invoice.number} reversed`,
      lines: [
        `The payment of ${formatCents(payment.amount)} by ${method} for invoice ${invoice.number} was reversed: ${reason}.`,
        reopens
          ? `${formatCents(stillDue(after))} is due again on invoice ${invoice.number}; please pay it as the invoice says.`
          : '',
      ].filter(Boolean),
    });
    return reopens
      ? `Payment reversed. ${invoice.number} is open again with ${formatCents(stillDue(after))} due.`
      : 'Payment reversed.';
  });
}

/**
 * The account side of a reversal: credit spent from the account comes back to it; credit
 * the payment had put there (a payment for a void invoice, or beyond a credited invoice)
 * is taken back, refused if already spent.
 */
async function settleAccount(
  tx: Db,
  input: {
    invoice: InvoiceRow;
    after: InvoiceRow;
    payment: typeof invoicePayments.$inferSelect;
    acting: Acting;
  },
) {
  const { invoice, after, payment } = input;
  const clientId = invoice.clientUserId;
  if (payment.method === 'credit') {
    await addAccountCredit(tx, {
      clientId,
      amount: payment.amount,
      description: `Returned from invoice ${invoice.number} (payment reversed)`,
      paymentId: payment.id,
    });
    return;
  }
  const held = invoice.status === 'void' ? payment.amount : overpaid(invoice) - overpaid(after);
  if (held <= 0) return;
  const balance = await creditBalance(tx, clientId);
  if (balance < held) throw conflict(ledgerMessages.creditSpent(formatCents(held - balance)));
  await addAccountCredit(tx, {
    clientId,
    amount: -held,
    description: `Payment on invoice ${invoice.number} reversed`,
    paymentId: payment.id,
  });
}

/** Only payments that count: a reversed one no longer pays anything. */
export const countingPayments = isNull(invoicePayments.reversedAt);
