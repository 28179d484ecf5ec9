import { formatCents } from '#shared/billing.ts';
import { billingStatusLabel } from '#shared/billing-format.ts';
import { type BooksRow, type BooksRowType, ledgerPaymentMethodLabels } from '#shared/books.ts';
import { dayStart, formatDate } from '#shared/dates.ts';
import type { BadgeTone } from '#web/components/badge.tsx';

// How a row of the books reads on the screen: days as "Mar 5, 2026" (they are already
// the billing zone's days, so formatted as UTC to stay the same day), amounts signed.

/** "Mar 5, 2026" for a day key of the billing zone. */
export const dayText = (day: string) => formatDate(dayStart(day), 'UTC');

export const typeTones: Record<BooksRowType, BadgeTone> = {
  invoice: 'blue',
  credit_note: 'amber',
  payment: 'green',
  reversal: 'red',
};

/** "-$12.50" */
export const amountText = (row: Pick<BooksRow, 'amount'>) => formatCents(row.amount);

/** "Paid", "Unpaid", "Void", "Reversed", or '' for a row without a status. */
export const statusText = (row: Pick<BooksRow, 'status'>) =>
  row.status ? billingStatusLabel(row.status) : '';

/** How a payment was made: "Check, ref. 1042"; '' for a row that is no payment. */
export function methodText(row: Pick<BooksRow, 'method' | 'reference'>) {
  if (!row.method) return '';
  const label = ledgerPaymentMethodLabels[row.method];
  return row.reference ? `${label}, ref. ${row.reference}` : label;
}

/** The empty state, with the days said the way the rows say them. */
export const emptyText = (range: { from: string; to: string }) =>
  `No invoices, credit notes or payments between ${dayText(range.from)} and ${dayText(range.to)}.`;

/** "Rows 51–100" for the second page. */
export function rowsText(pageIndex: number, count: number, size: number) {
  const first = pageIndex * size + 1;
  return count === 0 ? 'No rows' : `Rows ${first}–${first + count - 1}`;
}
