import { type AnyColumn, and, asc, eq, gte, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { exactTime } from '#server/db/keyset.ts';
import { creditNotes, invoicePayments, invoices, users } from '#server/db/schema.ts';
import { type BooksRow, type BooksRowType, booksRowTypes } from '#shared/books.ts';

// The books across clients for a range of days in the billing zone: invoices and credit
// notes on the day they were issued, payments on the day the money arrived, reversals on
// the day it went back. One list, oldest first by (day, time, type, id), read a page at a
// time after the last row of the page before. Each table is read on its own index from
// that position, at most a page of rows, and the four are merged here: nothing reads a
// whole table into memory. Times stay in the database's terms, compared as the text it
// gave to the microsecond (docs/decisions/019-keyset-at-database-precision.md).
//
// Reversals have no index on their day (migration 0029 made none): they are found by a
// scan filtered on reversed_on, which is cheap while they are few.

export interface BooksRange {
  /** First and last day (YYYY-MM-DD, both included) in `timeZone`. */
  from: string;
  to: string;
  timeZone: string;
}

/** The last row of a page: its day, its time as exactTime read it, its type and id. */
export interface BooksPosition {
  date: string;
  at: string;
  type: BooksRowType;
  id: string;
}

/** A row with its time to the microsecond, for the order and the cursor. */
export type LedgerRow = BooksRow & { at: string };

const rank = (type: BooksRowType) => booksRowTypes.indexOf(type);

/** The day `column` falls on in the zone, as the database's own calendar names it. */
const dayIn = (column: AnyColumn, zone: string) =>
  sql<string>`to_char(${column} at time zone ${zone}, 'YYYY-MM-DD')`;

/** The instant `day` + `plus` days starts in the zone. */
const dayStartIn = (day: string, zone: string, plus = 0) =>
  sql`((${day}::date + ${plus}::int)::timestamp at time zone ${zone})`;

/** An instant on one of the range's days: the index on the time bounds the scan. */
const issuedWithin = (time: AnyColumn, range: BooksRange) =>
  sql`${time} >= ${dayStartIn(range.from, range.timeZone)} and ${time} < ${dayStartIn(range.to, range.timeZone, 1)}`;

/**
 * Rows of one type after the position on the position's own day: a later time, or at
 * the same time a later type, or the same type with a later id.
 */
function laterThan(time: AnyColumn, id: AnyColumn, type: BooksRowType, after: BooksPosition) {
  const at = sql`${after.at}::timestamptz`;
  const order = rank(type) - rank(after.type);
  if (order > 0) return sql`${time} >= ${at}`;
  if (order < 0) return sql`${time} > ${at}`;
  return sql`(${time}, ${id}) > (${at}, ${after.id}::uuid)`;
}

/**
 * After the position, for a table whose day is that of its time (invoices, credit
 * notes): a later day, or the position's day and later on it. The position's time may
 * lie on another day (a payment recorded after the day it arrived), hence both halves.
 */
function afterOnTime(
  time: AnyColumn,
  id: AnyColumn,
  type: BooksRowType,
  after: BooksPosition,
  zone: string,
): SQL {
  return sql`(${time} >= ${dayStartIn(after.date, zone)} and (${time} >= ${dayStartIn(after.date, zone, 1)} or ${laterThan(time, id, type, after)}))`;
}

/** After the position, for a table with a day column of its own (payments, reversals). */
function afterOnDay(
  day: AnyColumn,
  time: AnyColumn,
  id: AnyColumn,
  type: BooksRowType,
  after: BooksPosition,
): SQL {
  const at = sql`${after.at}::timestamptz`;
  const order = rank(type) - rank(after.type);
  if (order > 0) return sql`(${day}, ${time}) >= (${after.date}, ${at})`;
  if (order < 0) return sql`(${day}, ${time}) > (${after.date}, ${at})`;
  // The first comparison is the index's (day, time); the second breaks the tie by id.
  return sql`(${day}, ${time}) >= (${after.date}, ${at}) and (${day}, ${time}, ${id}) > (${after.date}, ${at}, ${after.id}::uuid)`;
}

const client = {
  clientId: users.id,
  clientName: users.name,
  clientEmail: users.email,
  company: sql<string>`coalesce(${users.companyName}, '')`,
};

type Read = (
  db: Db,
  range: BooksRange,
  after: BooksPosition | null,
  limit: number,
) => Promise<LedgerRow[]>;

const readInvoices: Read = async (db, range, after, limit) => {
  const zone = range.timeZone;
  const rows = await db
    .select({
      id: invoices.id,
      date: dayIn(invoices.issuedAt, zone),
      at: exactTime(invoices.issuedAt),
      number: invoices.number,
      ...client,
      amount: invoices.amount,
      tax: invoices.taxCents,
      status: invoices.status,
      dueDate: sql<string | null>`to_char(${invoices.dueAt} at time zone ${zone}, 'YYYY-MM-DD')`,
      description: invoices.description,
    })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.clientUserId))
    .where(
      and(
        issuedWithin(invoices.issuedAt, range),
        after ? afterOnTime(invoices.issuedAt, invoices.id, 'invoice', after, zone) : undefined,
      ),
    )
    .orderBy(asc(invoices.issuedAt), asc(invoices.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    type: 'invoice',
    invoiceNumber: null,
    method: null,
    reference: '',
  }));
};

const readCreditNotes: Read = async (db, range, after, limit) => {
  const zone = range.timeZone;
  const rows = await db
    .select({
      id: creditNotes.id,
      date: dayIn(creditNotes.issuedAt, zone),
      at: exactTime(creditNotes.issuedAt),
      number: creditNotes.number,
      ...client,
      invoiceNumber: invoices.number,
      amount: creditNotes.amount,
      description: creditNotes.reason,
    })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .innerJoin(users, eq(users.id, creditNotes.clientUserId))
    .where(
      and(
        issuedWithin(creditNotes.issuedAt, range),
        after
          ? afterOnTime(creditNotes.issuedAt, creditNotes.id, 'credit_note', after, zone)
          : undefined,
      ),
    )
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    type: 'credit_note',
    amount: -row.amount,
    tax: null,
    status: '',
    dueDate: null,
    method: null,
    reference: '',
  }));
};

/** The columns payments and their reversals share: the invoice, its client, the money. */
const paymentColumns = {
  id: invoicePayments.id,
  number: invoices.number,
  ...client,
  invoiceNumber: invoices.number,
  amount: invoicePayments.amount,
  method: invoicePayments.method,
  reference: invoicePayments.reference,
};

const readPayments: Read = async (db, range, after, limit) => {
  const { paidOn, createdAt, id } = invoicePayments;
  const rows = await db
    .select({
      ...paymentColumns,
      date: paidOn,
      at: exactTime(createdAt),
      reversed: isNotNull(invoicePayments.reversedAt),
    })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .innerJoin(users, eq(users.id, invoices.clientUserId))
    .where(
      and(
        gte(paidOn, range.from),
        lte(paidOn, range.to),
        after ? afterOnDay(paidOn, createdAt, id, 'payment', after) : undefined,
      ),
    )
    .orderBy(asc(paidOn), asc(createdAt), asc(id))
    .limit(limit);
  return rows.map(({ reversed, ...row }) => ({
    ...row,
    type: 'payment',
    tax: null,
    status: reversed ? 'reversed' : '',
    dueDate: null,
    description: '',
  }));
};

const readReversals: Read = async (db, range, after, limit) => {
  const { reversedOn, reversedAt, id } = invoicePayments;
  const rows = await db
    .select({
      ...paymentColumns,
      date: sql<string>`${reversedOn}`,
      at: exactTime(reversedAt),
      description: sql<string>`coalesce(${invoicePayments.reversalReason}, '')`,
    })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .innerJoin(users, eq(users.id, invoices.clientUserId))
    .where(
      and(
        isNotNull(reversedAt),
        gte(reversedOn, range.from),
        lte(reversedOn, range.to),
        after ? afterOnDay(reversedOn, reversedAt, id, 'reversal', after) : undefined,
      ),
    )
    .orderBy(asc(reversedOn), asc(reversedAt), asc(id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    type: 'reversal',
    amount: -row.amount,
    tax: null,
    status: '',
    dueDate: null,
  }));
};

const sources = [readInvoices, readCreditNotes, readPayments, readReversals];

/** Plain code-unit order: day keys, UTC times to the microsecond and uuids all sort so. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The list's order: day, then time, then type, then id. */
export const inBooksOrder = (a: LedgerRow, b: LedgerRow) =>
  byText(a.date, b.date) || byText(a.at, b.at) || rank(a.type) - rank(b.type) || byText(a.id, b.id);

/**
 * Up to `limit` rows after the position (from the first with null), and the position
 * of the last one when more follow. Each table gives at most limit + 1 rows past the
 * position; the first limit + 1 of all of them are the list's.
 */
export async function readBooks(
  db: Db,
  range: BooksRange,
  after: BooksPosition | null,
  limit: number,
): Promise<{ rows: LedgerRow[]; next: BooksPosition | null }> {
  const found = await Promise.all(sources.map((read) => read(db, range, after, limit + 1)));
  const merged = found.flat().sort(inBooksOrder);
  const rows = merged.slice(0, limit);
  const last = rows.at(-1);
  const next =
    merged.length > limit && last
      ? { date: last.date, at: last.at, type: last.type, id: last.id }
      : null;
  return { rows, next };
}

/** Every row of the range, read `batch` at a time: the CSV streams in constant memory. */
export async function* allBooksRows(db: Db, range: BooksRange, batch = 1000) {
  let after: BooksPosition | null = null;
  for (;;) {
    const { rows, next }: Awaited<ReturnType<typeof readBooks>> = await readBooks(
      db,
      range,
      after,
      batch,
    );
    yield* rows;
    if (!next) return;
    after = next;
  }
}

/** The opaque cursor the browser hands back (BooksCursorSchema checks it). */
export const booksCursorOf = (p: BooksPosition) => `${p.date}|${p.at}|${p.type}|${p.id}`;

/** A cursor BooksCursorSchema accepted, back to its position. */
export function booksPositionOf(cursor: string): BooksPosition {
  const [date = '', at = '', type = 'invoice', id = ''] = cursor.split('|');
  return { date, at, type: type as BooksRowType, id };
}
