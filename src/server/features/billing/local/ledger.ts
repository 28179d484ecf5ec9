import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { accountCredits, invoicePayments, invoices } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { formatCents } from '#shared/billing.ts';
import { billingToday } from '#shared/billing-dates.ts';
import type { Acting } from '../provider.ts';
import type { InvoiceRow } from './records.ts';

// What an invoice still asks for, and the account credit a client holds
// (docs/decisions/028-the-books.md). An invoice is settled when its payments and credit
// notes cover it; credit nobody's invoice claims waits on the account and is spent on the
// client's open invoices, oldest due first, as a payment "by account credit".

/** Cents still due: the total less what was paid and what credit notes took off. */
export const stillDue = (invoice: InvoiceRow) =>
  Math.max(invoice.amount - invoice.amountPaid - invoice.amountCredited, 0);

/** Payments beyond what a credited invoice asks for: they belong on the account. */
export const overpaid = (invoice: InvoiceRow) =>
  Math.max(invoice.amountPaid + invoice.amountCredited - invoice.amount, 0);

/** The client's account credit in cents. */
export async function creditBalance(db: Db, clientId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${accountCredits.amount}), 0)`.mapWith(Number) })
    .from(accountCredits)
    .where(eq(accountCredits.clientUserId, clientId));
  return row?.cents ?? 0;
}

export interface CreditEntry {
  clientId: string;
  /** Positive adds credit, negative takes it back. */
  amount: number;
  description: string;
  paymentId?: string | null;
  creditNoteId?: string | null;
}

export const addAccountCredit = (tx: Db, entry: CreditEntry) =>
  tx.insert(accountCredits).values({
    clientUserId: entry.clientId,
    amount: entry.amount,
    description: entry.description,
    paymentId: entry.paymentId ?? null,
    creditNoteId: entry.creditNoteId ?? null,
  });

/** What happens when an invoice is settled: the plan invoices start their plan. */
export type OnSettled = (tx: Db, invoice: InvoiceRow, paidOn: string) => Promise<string | null>;

/**
 * Spends the client's account credit on their open invoices, oldest due first, each as a
 * payment by account credit on today's billing day. Call inside a transaction, after the
 * credit or the invoice appeared. Returns a sentence per invoice it paid something on.
 */
export interface Spending {
  clientId: string;
  timeZone: string;
  /** Who made the credit or the invoice; null for the billing cycle. */
  acting: Acting | null;
  onSettled: OnSettled;
}

export async function spendAccountCredit(tx: Db, input: Spending): Promise<string[]> {
  let balance = await creditBalance(tx, input.clientId);
  if (balance <= 0) return [];
  const open = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.clientUserId, input.clientId), eq(invoices.status, 'unpaid')))
    .orderBy(asc(invoices.dueAt), asc(invoices.issuedAt))
    .for('update');
  const said: string[] = [];
  for (const invoice of open) {
    const amount = Math.min(balance, stillDue(invoice));
    if (amount <= 0) continue;
    balance -= amount;
    said.push(await payFromCredit(tx, invoice, amount, input));
    if (balance <= 0) break;
  }
  return said;
}

async function payFromCredit(
  tx: Db,
  invoice: InvoiceRow,
  amount: number,
  input: Spending,
): Promise<string> {
  const paidOn = billingToday(input.timeZone);
  const [payment] = await tx
    .insert(invoicePayments)
    .values({
      invoiceId: invoice.id,
      amount,
      paidOn,
      method: 'credit',
      reference: 'Account credit',
      recordedBy: input.acting?.actorId ?? null,
    })
    .returning({ id: invoicePayments.id });
  await addAccountCredit(tx, {
    clientId: input.clientId,
    amount: -amount,
    description: `Applied to invoice ${invoice.number}`,
    paymentId: payment?.id,
  });
  const settled = await addToInvoice(tx, invoice, { paid: amount }, paidOn, input.onSettled);
  const said = `${formatCents(amount)} of account credit applied to invoice ${invoice.number}`;
  await audit(tx, {
    source: 'billing',
    message: said,
    userId: input.clientId,
    actorId: input.acting?.actorId ?? null,
    ip: input.acting?.ip ?? null,
    details: { invoiceId: invoice.id, amountCents: amount, settled: settled !== false },
  });
  return settled && settled !== true ? `${said}; ${settled}` : said;
}

/**
 * Adds a payment or a credit to an invoice's totals; one that now covers it is paid, and
 * `onSettled` starts its plan. Returns false while something is still due, true when
 * settled, or what `onSettled` changed.
 */
export async function addToInvoice(
  tx: Db,
  invoice: InvoiceRow,
  add: { paid?: number; credited?: number },
  paidOn: string,
  onSettled: OnSettled,
): Promise<boolean | string> {
  const next = {
    ...invoice,
    amountPaid: invoice.amountPaid + (add.paid ?? 0),
    amountCredited: invoice.amountCredited + (add.credited ?? 0),
  };
  const settles = invoice.status === 'unpaid' && stillDue(next) === 0;
  const [updated] = await tx
    .update(invoices)
    .set({
      amountPaid: next.amountPaid,
      amountCredited: next.amountCredited,
      ...(settles && { status: 'paid' as const, paidAt: new Date() }),
    })
    .where(eq(invoices.id, invoice.id))
    .returning();
  if (!settles || !updated) return false;
  return (await onSettled(tx, updated, paidOn)) ?? true;
}
