import { z } from 'zod';
import { type PaymentMethod, PaymentSchema, paymentMethods } from './invoicing.ts';
import { pageCursorMessage } from './page-cursor.ts';

// The books of local billing (docs/decisions/028-the-books.md): credit notes, reversed
// payments and the account credit a client holds, as the admin, the client's invoice list,
// the PDF and the accountant's export show them.

/** How a payment settled an invoice: money an admin recorded, or account credit spent. */
export const ledgerPaymentMethods = [...paymentMethods, 'credit'] as const;
export type LedgerPaymentMethod = PaymentMethod | 'credit';
export const ledgerPaymentMethodLabels: Record<LedgerPaymentMethod, string> = {
  ach: 'ACH transfer',
  check: 'Check',
  card: 'Card',
  other: 'Other',
  credit: 'Account credit',
};

export const LedgerPaymentSchema = PaymentSchema.extend({
  method: z.enum(ledgerPaymentMethods),
  /** Set when the payment was reversed: the day the money went back, and why. */
  reversedOn: z.string().nullable(),
  reversalReason: z.string().nullable(),
});
export type LedgerPayment = z.infer<typeof LedgerPaymentSchema>;

export const CreditNoteSchema = z.object({
  id: z.string(),
  number: z.string(),
  /** Cents. */
  amount: z.number().int(),
  reason: z.string(),
  issuedAt: z.string(),
});
export type CreditNote = z.infer<typeof CreditNoteSchema>;

// The admin's Books screen and books.csv: every invoice, credit note, payment and payment
// reversal across clients for a range of days in the billing zone, oldest first, paged
// by a keyset cursor (docs/decisions/019-keyset-at-database-precision.md), and the CSV
// columns an accountant's tool imports (QuickBooks, Xero: plain headers, signed amounts).

/** The kinds of row, in the order rows of one day and one instant are listed. */
export const booksRowTypes = ['invoice', 'credit_note', 'payment', 'reversal'] as const;
export type BooksRowType = (typeof booksRowTypes)[number];
export const booksRowTypeLabels: Record<BooksRowType, string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
  payment: 'Payment',
  reversal: 'Payment reversal',
};

/** The screen's address (beside the app's other admin paths, which are in paths.ts). */
export const booksScreenPath = '/admin/books';

/** Rows of one page of the screen. */
export const BOOKS_PAGE_SIZE = 50;
/** The longest range asked at once: three years, one of them a leap year. */
export const BOOKS_MAX_DAYS = 1096;

export const booksMessages = {
  day: 'Dates must be days (YYYY-MM-DD).',
  order: 'The start day must be on or before the end day.',
  tooLong: 'Choose at most 3 years at a time; export a longer period in parts.',
} as const;

const BOOKS_DAY = /^\d{4}-\d{2}-\d{2}$/;
const BOOKS_DAY_MS = 86_400_000;
const utcMsOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
/** A day of the calendar: 2026-02-31 is none (a Date would quietly make it March 3). */
const isBooksDay = (day: string) =>
  BOOKS_DAY.test(day) &&
  !Number.isNaN(utcMsOf(day)) &&
  new Date(utcMsOf(day)).toISOString().startsWith(day);

const booksDay = z.string({ error: booksMessages.day }).refine(isBooksDay, booksMessages.day);

/** What is wrong with a range of days, or null: the form and the server say the same. */
export function booksRangeProblem(from: string, to: string): string | null {
  if (from > to) return booksMessages.order;
  const days = (utcMsOf(to) - utcMsOf(from)) / BOOKS_DAY_MS + 1;
  return days > BOOKS_MAX_DAYS ? booksMessages.tooLong : null;
}

/** The calendar quarter a day falls in, as the first and last day: the screen's default. */
export function quarterOf(day: string): { from: string; to: string } {
  const [year = 0, month = 1] = day.split('-').map(Number);
  const first = Math.floor((month - 1) / 3) * 3;
  const key = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: key(Date.UTC(year, first, 1)), to: key(Date.UTC(year, first + 3, 0)) };
}

/**
 * Where the next page starts: the last row's day, its time to the microsecond as the
 * database keeps it, its type and its id, e.g. `2026-11-26|2026-11-26T15:02:11.123456Z|
 * payment|0b6f…`. Opaque to the browser, which hands it back as it came.
 */
const cursorParts = z.tuple([
  z.string().regex(BOOKS_DAY),
  z.iso.datetime({ precision: 6 }),
  z.enum(booksRowTypes),
  z.uuid(),
]);
export const BooksCursorSchema = z
  .string()
  .max(120, pageCursorMessage)
  .refine((cursor) => cursorParts.safeParse(cursor.split('|')).success, pageCursorMessage);

const booksRange = {
  /** The first day, in the billing zone; the current quarter's when left out. */
  from: booksDay.optional(),
  /** The last day (included); the current quarter's when left out. */
  to: booksDay.optional(),
};
type BooksRangeInput = { from?: string; to?: string };
const rangeInOrder = (query: BooksRangeInput, ctx: z.RefinementCtx) => {
  const problem = query.from && query.to ? booksRangeProblem(query.from, query.to) : null;
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['to'] });
};

export const BooksCsvQuerySchema = z.object(booksRange).superRefine(rangeInOrder);
export const BooksQuerySchema = z
  .object({ ...booksRange, cursor: BooksCursorSchema.optional() })
  .superRefine(rangeInOrder);
export type BooksQuery = z.infer<typeof BooksQuerySchema>;

export const BooksRowSchema = z.object({
  type: z.enum(booksRowTypes),
  /** The invoice, credit note or payment; a payment's reversal has its payment's. */
  id: z.string(),
  /** YYYY-MM-DD in the billing zone: issued, paid or reversed. */
  date: z.string(),
  /** The invoice or credit note number; for a payment or reversal, its invoice's. */
  number: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  clientEmail: z.string(),
  company: z.string(),
  /** The invoice a credit note, payment or reversal is for; null on an invoice. */
  invoiceNumber: z.string().nullable(),
  /** Cents, signed: credit notes and reversals take money off. */
  amount: z.number().int(),
  /** Sales tax in cents, included in the amount: invoices only. */
  tax: z.number().int().nullable(),
  /** An invoice's status as stored; 'reversed' on a payment reversed since; else ''. */
  status: z.string(),
  /** YYYY-MM-DD in the billing zone: invoices that have one. */
  dueDate: z.string().nullable(),
  method: z.enum(ledgerPaymentMethods).nullable(),
  reference: z.string(),
  /** The invoice's description, the credit note's reason or the reversal's. */
  description: z.string(),
});
export type BooksRow = z.infer<typeof BooksRowSchema>;

export const BooksPageSchema = z.object({
  /** The range the rows are for: the one asked, or the current quarter. */
  from: z.string(),
  to: z.string(),
  /** The zone the days are counted in (BILLING_TIME_ZONE). */
  timeZone: z.string(),
  rows: z.array(BooksRowSchema),
  /** The next page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type BooksPage = z.infer<typeof BooksPageSchema>;

/** books.csv's columns, in order. */
export const booksCsvColumns = [
  'Date',
  'Type',
  'Number',
  'Client',
  'Email',
  'Company',
  'Invoice',
  'Description',
  'Amount',
  'Tax',
  'Status',
  'Due date',
  'Method',
  'Reference',
] as const;
