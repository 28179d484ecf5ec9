import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { InvoicingConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { creditNotes } from '#server/db/schema.ts';
import { badRequest, conflict } from '#server/http/errors.ts';
import { formatCents } from '#shared/billing.ts';
import { billingToday } from '#shared/billing-dates.ts';
import { type CreditNoteBodySchema, ledgerMessages } from '#shared/ledger-actions.ts';
import { booksMail } from '../billing-mails.ts';
import { type Acting, recordBilling } from '../provider.ts';
import { settlePlanInvoice, spendCredit } from './invoicing.ts';
import { addAccountCredit, addToInvoice, overpaid, stillDue } from './ledger.ts';
import { type InvoiceRow, lockClientInvoice, lockInvoiceNumbers } from './records.ts';

// A credit note against a local invoice (docs/decisions/028-the-books.md): it takes an
// amount off what the invoice asks for, with a reason. On an open invoice it lowers what
// is due (and settles it when nothing is left); on a paid one the money already received
// becomes account credit, spent on the client's next invoices.

export const formatCreditNoteNumber = (n: number) => `CN-${String(n).padStart(6, '0')}`;

/** The next CN- number; the invoice-numbering lock keeps it gap-free across instances. */
async function nextCreditNoteNumber(tx: Db): Promise<string> {
  await lockInvoiceNumbers(tx);
  const [last] = await tx
    .select({
      n: sql<number>`coalesce(max(substring(${creditNotes.number} from 4)::int), 0)`.mapWith(
        Number,
      ),
    })
    .from(creditNotes);
  return formatCreditNoteNumber((last?.n ?? 0) + 1);
}

export interface IssuedCredit {
  number: string;
  message: string;
}

/** Issues a credit note inside a transaction, the invoice locked by the caller. */
export async function creditInvoice(
  tx: Db,
  config: InvoicingConfig,
  input: { invoice: InvoiceRow; amountCents: number; reason: string; acting: Acting },
): Promise<IssuedCredit> {
  const { invoice, amountCents, reason, acting } = input;
  if (invoice.status === 'void') throw conflict(ledgerMessages.creditVoid);
  const most = invoice.amount - invoice.amountCredited;
  if (amountCents > most) {
    const message = ledgerMessages.creditOver(formatCents(most));
    throw badRequest(message, { amountDollars: message });
  }
  const number = await nextCreditNoteNumber(tx);
  const [note] = await tx
    .insert(creditNotes)
    .values({
      number,
      clientUserId: invoice.clientUserId,
      invoiceId: invoice.id,
      amount: amountCents,
      reason,
      issuedBy: acting.actorId,
    })
    .returning();
  if (!note) throw new Error('insert returned no row');
  const before = overpaid(invoice);
  const paidOn = billingToday(config.timeZone);
  const onSettled = (t: Db, row: InvoiceRow, day: string) =>
    settlePlanInvoice(t, row, day, acting, config.timeZone);
  const settled = await addToInvoice(tx, invoice, { credited: amountCents }, paidOn, onSettled);
  const after = { ...invoice, amountCredited: invoice.amountCredited + amountCents };
  const toAccount = overpaid(after);
  if (toAccount > before) {
    await addAccountCredit(tx, {
      clientId: invoice.clientUserId,
      amount: toAccount - before,
      description: `Credit note ${number} on paid invoice ${invoice.number}`,
      creditNoteId: note.id,
    });
  }
  const said = `Credit note ${number} for ${formatCents(amountCents)} issued against invoice ${invoice.number}: ${reason}`;
  await recordBilling(tx, acting, invoice.clientUserId, said, {
    invoiceId: invoice.id,
    creditNoteId: note.id,
    amountCents,
    reason,
    toAccountCents: toAccount - before,
  });
  const spent = await spendCredit(tx, config, invoice.clientUserId, acting);
  await booksMail(tx, config, {
    clientUserId: invoice.clientUserId,
    subject: `Credit note ${number} for invoice ${invoice.number}`,
    lines: [
      `We issued credit note ${number} for ${formatCents(amountCents)} against invoice ${invoice.number}: ${reason}.`,
      toAccount > before
        ? `${formatCents(toAccount - before)} of what you paid is now credit on your account, used for your next invoices.`
        : `Invoice ${invoice.number} now asks for ${formatCents(stillDue(after))}.`,
      ...spent.map((line) => `${line}.`),
    ],
  });
  const extra = [typeof settled === 'string' ? settled : null, ...spent].filter(Boolean);
  return {
    number,
    message: [`Credit note ${number} issued.`, ...extra.map((line) => `${line}.`)].join(' '),
  };
}

export function issueCreditNote(
  db: Db,
  config: InvoicingConfig,
  input: {
    clientId: string;
    invoiceId: string;
    body: z.output<typeof CreditNoteBodySchema>;
    acting: Acting;
  },
): Promise<string> {
  return db.transaction(async (tx) => {
    const invoice = await lockClientInvoice(tx, input.clientId, input.invoiceId);
    const issued = await creditInvoice(tx, config, {
      invoice,
      amountCents: input.body.amountCents,
      reason: input.body.reason,
      acting: input.acting,
    });
    return issued.message;
  });
}
