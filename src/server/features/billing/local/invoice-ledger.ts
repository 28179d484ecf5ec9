import { and, asc, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { creditNotes, invoicePayments } from '#server/db/schema.ts';
import { formatCents } from '#shared/billing.ts';
import { type CreditNote, ledgerPaymentMethodLabels } from '#shared/books.ts';
import { dayStart, formatDate } from '#shared/dates.ts';

// What happened to an invoice after it was issued, in words the client reads on the
// invoice list and the PDF: credit notes against it and payments reversed
// (docs/decisions/028-the-books.md). Two queries whatever the number of invoices.

type CreditNoteRow = typeof creditNotes.$inferSelect;
type PaymentRow = typeof invoicePayments.$inferSelect;

const group = <T extends { invoiceId: string }>(rows: T[]) => {
  const map = new Map<string, T[]>();
  for (const row of rows) map.set(row.invoiceId, [...(map.get(row.invoiceId) ?? []), row]);
  return map;
};

export async function creditNotesOf(db: Db, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return new Map<string, CreditNoteRow[]>();
  const rows = await db
    .select()
    .from(creditNotes)
    .where(inArray(creditNotes.invoiceId, invoiceIds))
    .orderBy(asc(creditNotes.issuedAt));
  return group(rows);
}

async function reversalsOf(db: Db, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return new Map<string, PaymentRow[]>();
  const rows = await db
    .select()
    .from(invoicePayments)
    .where(
      and(inArray(invoicePayments.invoiceId, invoiceIds), isNotNull(invoicePayments.reversedAt)),
    )
    .orderBy(asc(invoicePayments.reversedAt));
  return group(rows);
}

export const creditNoteJson = (row: CreditNoteRow): CreditNote => ({
  id: row.id,
  number: row.number,
  amount: row.amount,
  reason: row.reason,
  issuedAt: row.issuedAt.toISOString(),
});

/** "Credit note CN-000001 for $30.00 on Nov 27, 2026: Outage credit" */
export const creditNoteLine = (row: CreditNoteRow, timeZone: string) =>
  `Credit note ${row.number} for ${formatCents(row.amount)} on ${formatDate(row.issuedAt, timeZone)}: ${row.reason}`;

/** "Payment of $29.00 by ACH transfer reversed on Nov 27, 2026: Returned by the bank" (a day key) */
export const reversalLine = (row: PaymentRow) =>
  `Payment of ${formatCents(row.amount)} by ${ledgerPaymentMethodLabels[row.method]} reversed on ${formatDate(dayStart(row.reversedOn ?? ''), 'UTC')}: ${row.reversalReason ?? ''}`;

/** Each invoice's lines, oldest first: credit notes, then reversed payments. */
export async function ledgerLinesOf(
  db: Db,
  invoiceIds: string[],
  timeZone: string,
): Promise<Map<string, string[]>> {
  const [notes, reversals] = await Promise.all([
    creditNotesOf(db, invoiceIds),
    reversalsOf(db, invoiceIds),
  ]);
  const lines = new Map<string, string[]>();
  for (const id of invoiceIds) {
    const said = [
      ...(notes.get(id) ?? []).map((row) => creditNoteLine(row, timeZone)),
      ...(reversals.get(id) ?? []).map(reversalLine),
    ];
    if (said.length) lines.set(id, said);
  }
  return lines;
}
