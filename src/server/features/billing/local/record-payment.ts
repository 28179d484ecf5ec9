import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { InvoicingConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { invoicePayments, invoices } from '#server/db/schema.ts';
import { badRequest, conflict } from '#server/http/errors.ts';
import { formatCents } from '#shared/billing.ts';
import {
  invoicingMessages,
  paymentMethodLabels,
  type RecordPaymentSchema,
} from '#shared/invoicing.ts';
import { paymentReceivedMail, planChangedMail } from '../billing-mails.ts';
import { type Acting, recordBilling } from '../provider.ts';
import { settlePlanInvoice, spendCredit } from './invoicing.ts';
import { addAccountCredit, addToInvoice, type OnSettled, stillDue } from './ledger.ts';
import { type InvoiceRow, lockClientInvoice } from './records.ts';

// An admin records money received (docs/decisions/014, 028): against an open invoice it
// counts toward what is due, and the payment that covers it settles it (a plan invoice
// then starts its plan); for an invoice the client cancelled (void) it is kept as account
// credit, spent on the client's open and next invoices.

type PaymentInput = z.output<typeof RecordPaymentSchema>;

interface Recording {
  invoice: InvoiceRow;
  payment: PaymentInput;
  acting: Acting;
  clientId: string;
}

export function recordPayment(
  db: Db,
  config: InvoicingConfig,
  input: { clientId: string; invoiceId: string; payment: PaymentInput; acting: Acting },
): Promise<string> {
  return db.transaction(async (tx) => {
    const invoice = await lockClientInvoice(tx, input.clientId, input.invoiceId);
    if (invoice.status === 'paid') throw conflict(invoicingMessages.invoiceSettled);
    // A void invoice still names what it asked for: more than that is not its money.
    const due = invoice.status === 'void' ? invoice.amount - invoice.amountPaid : stillDue(invoice);
    if (input.payment.amountCents > due) {
      const message = invoicingMessages.amountOver(formatCents(Math.max(due, 0)));
      // The message belongs to the field the admin typed the amount into.
      throw badRequest(message, { amountDollars: message });
    }
    const recording = {
      invoice,
      payment: input.payment,
      acting: input.acting,
      clientId: input.clientId,
    };
    return invoice.status === 'void'
      ? holdAsCredit(tx, config, recording)
      : payInvoice(tx, config, recording);
  });
}

async function insertPayment(tx: Db, { invoice, payment, acting }: Recording) {
  const [row] = await tx
    .insert(invoicePayments)
    .values({
      invoiceId: invoice.id,
      amount: payment.amountCents,
      paidOn: payment.paidOn,
      method: payment.method,
      reference: payment.reference,
      recordedBy: acting.actorId,
    })
    .returning({ id: invoicePayments.id });
  const method = paymentMethodLabels[payment.method];
  await recordBilling(
    tx,
    acting,
    invoice.clientUserId,
    `Payment of ${formatCents(payment.amountCents)} by ${method} recorded for invoice ${invoice.number}`,
    {
      invoiceId: invoice.id,
      amountCents: payment.amountCents,
      method: payment.method,
      paidOn: payment.paidOn,
      reference: payment.reference,
      voidInvoice: invoice.status === 'void',
    },
  );
  return row?.id ?? null;
}

const settleWith =
  (config: InvoicingConfig, acting: Acting): OnSettled =>
  (tx, row, paidOn) =>
    settlePlanInvoice(tx, row, paidOn, acting, config.timeZone);

async function payInvoice(tx: Db, config: InvoicingConfig, recording: Recording): Promise<string> {
  const { invoice, payment, acting, clientId } = recording;
  await insertPayment(tx, recording);
  const onSettled = settleWith(config, acting);
  const settled = await addToInvoice(
    tx,
    invoice,
    { paid: payment.amountCents },
    payment.paidOn,
    onSettled,
  );
  const left = stillDue({ ...invoice, amountPaid: invoice.amountPaid + payment.amountCents });
  await paymentReceivedMail(tx, config, {
    clientUserId: clientId,
    number: invoice.number,
    amount: payment.amountCents,
    stillDue: left,
  });
  if (settled === false) {
    return `Payment recorded. ${formatCents(left)} is still due on ${invoice.number}.`;
  }
  if (typeof settled === 'string') {
    await planChangedMail(tx, config, {
      clientUserId: clientId,
      summary: `Thank you: your plan is running. ${settled}.`,
    });
    return `Payment recorded. ${invoice.number} is paid; ${settled}.`;
  }
  return `Payment recorded. ${invoice.number} is paid.`;
}

/** Money for an invoice the client cancelled: kept on the account, spent on open invoices. */
async function holdAsCredit(
  tx: Db,
  config: InvoicingConfig,
  recording: Recording,
): Promise<string> {
  const { invoice, payment, acting, clientId } = recording;
  const paymentId = await insertPayment(tx, recording);
  await tx
    .update(invoices)
    .set({ amountPaid: invoice.amountPaid + payment.amountCents })
    .where(eq(invoices.id, invoice.id));
  await addAccountCredit(tx, {
    clientId,
    amount: payment.amountCents,
    description: `Payment for void invoice ${invoice.number}`,
    paymentId,
  });
  const spent = await spendCredit(tx, config, clientId, acting);
  const amount = formatCents(payment.amountCents);
  await paymentReceivedMail(tx, config, {
    clientUserId: clientId,
    number: invoice.number,
    amount: payment.amountCents,
    stillDue: 0,
    heldAsCredit: true,
  });
  const then = spent.length
    ? ` ${spent.map((line) => `${line}.`).join(' ')}`
    : ' It will be applied to the next invoice.';
  return `Payment recorded as account credit: ${invoice.number} is void, so ${amount} is held on the account.${then}`;
}
