import { desc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditNotes, invoicePayments, invoices, users } from '#server/db/schema.ts';
import { type BooksPage, type BooksRow, booksCsvColumns, booksMessages } from '#shared/books.ts';
import { pageCursorMessage } from '#shared/page-cursor.ts';
import { build } from '#test/support/test-app.ts';

// The admin's books across clients: invoices and payments made through the real routes,
// credit notes and reversals written straight to their tables (their routes are built
// elsewhere), read a page at a time and as CSV for a range of days in Central Time.

const t = await build();
const db = t.deps.database.db;
const admin = await t.createUser({ role: 'Admin' });
const asAdmin = (url: string) => t.injectAs(admin.token, { method: 'GET', url });

async function books(query: string) {
  const answer = await asAdmin(`/api/admin/books?${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<BooksPage>();
}

/** A client with an hourly rate, so an admin can bill hours through the route. */
async function billableClient(name: string, companyName: string) {
  const { user } = await t.registerClient({ name, companyName });
  await db
    .update(users)
    .set({ billingPrefs: { hourlyRateCents: 10_000, defaultDueDays: 30 } })
    .where(eq(users.id, user._id));
  return user._id;
}

/** Bills hours through the route; the new invoice's row. */
async function billHours(clientId: string, hours: number, description = 'Workflow review') {
  const billed = await t.injectAs(admin.token, {
    method: 'POST',
    url: `/api/admin/billing/${clientId}/invoices`,
    payload: { hours, description },
  });
  expect(billed.statusCode, billed.body).toBe(201);
  const [row] = await db
    .select()
    .from(invoices)
    .where(eq(invoices.clientUserId, clientId))
    .orderBy(desc(invoices.issuedAt))
    .limit(1);
  return row!;
}

/** Moves an invoice to another instant (the routes issue them now). */
const issueAt = (id: string, at: string) =>
  db
    .update(invoices)
    .set({ issuedAt: sql`${at}::timestamptz` })
    .where(eq(invoices.id, id));

async function recordPayment(
  clientId: string,
  invoiceId: string,
  payment: { amountDollars: number; paidOn: string; reference?: string },
) {
  const paid = await t.injectAs(admin.token, {
    method: 'POST',
    url: `/api/admin/billing/${clientId}/invoices/${invoiceId}/payments`,
    payload: { method: 'ach', ...payment },
  });
  expect(paid.statusCode, paid.body).toBe(200);
}

/** Every row of a range, following nextCursor to the end. */
async function everyRow(range: string) {
  const pages: BooksPage[] = [];
  let cursor: string | null = null;
  do {
    const page: BooksPage = await books(
      cursor ? `${range}&cursor=${encodeURIComponent(cursor)}` : range,
    );
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 20);
  return pages;
}

/** RFC 4180 as books.csv writes it: quoted cells may hold commas, quotes and CRLF. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') cell += text[++i];
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || record.length) records.push([...record, cell]);
  return records;
}

const key = (row: BooksRow) => `${row.type}:${row.id}`;

/** Rows of March 2025 and around it, across two clients. */
async function marchBooks() {
  const acme = await billableClient('Avery Acme', 'Acme Books LLC');
  const beta = await billableClient('Blair Beta', 'Beta, Inc.');

  // Before, inside and after the range, in Central Time: 04:00Z on April 1 is still
  // March 31 there; 06:00Z is April 1.
  const before = await billHours(acme, 1);
  await issueAt(before.id, '2025-02-28T12:00:00Z');
  const first = await billHours(acme, 2, 'March workflows');
  await issueAt(first.id, '2025-03-03T15:00:00Z');
  const second = await billHours(beta, 1.5, 'Beta set-up');
  await issueAt(second.id, '2025-03-04T12:00:00Z');
  const lastDay = await billHours(beta, 1, 'Late March');
  await issueAt(lastDay.id, '2025-04-01T04:00:00Z');
  const april = await billHours(beta, 1, 'April');
  await issueAt(april.id, '2025-04-01T06:00:00Z');

  await recordPayment(acme, first.id, {
    amountDollars: 150,
    paidOn: '2025-03-10',
    reference: '=HYPERLINK("http://evil.test")',
  });
  await recordPayment(beta, lastDay.id, { amountDollars: 20, paidOn: '2025-04-02' });
  // Issued 22:30 on March 4 in Chicago, 04:30 on March 5 in UTC.
  const [credit] = await db
    .insert(creditNotes)
    .values({
      number: 'CN-900001',
      clientUserId: beta,
      invoiceId: second.id,
      amount: 1250,
      reason: 'Goodwill, one call',
      issuedAt: new Date('2025-03-05T04:30:00Z'),
    })
    .returning();
  const [bounced] = await db
    .insert(invoicePayments)
    .values({
      invoiceId: second.id,
      amount: 5000,
      paidOn: '2025-03-06',
      method: 'check',
      reference: '-1+1',
      reversedAt: new Date(),
      reversedOn: '2025-03-12',
      reversalReason: 'Check returned unpaid',
    })
    .returning();
  const [payment] = await db
    .select()
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, first.id));

  return {
    acme,
    beta,
    before,
    first,
    second,
    lastDay,
    april,
    credit: credit!,
    bounced: bounced!,
    payment: payment!,
  };
}

const march = 'from=2025-03-01&to=2025-03-31';
const { acme, first, second, lastDay, credit, bounced, payment } = await marchBooks();

describe('the books of March 2025 (Central Time)', () => {
  it('lists the four kinds of row in day order and leaves out the days around', async () => {
    const page = await books(march);
    expect(page).toMatchObject({ from: '2025-03-01', to: '2025-03-31', nextCursor: null });
    expect(page.timeZone).toBe('America/Chicago');
    expect(page.rows.map((row) => [row.date, row.type, row.number])).toEqual([
      ['2025-03-03', 'invoice', first.number],
      ['2025-03-04', 'invoice', second.number],
      ['2025-03-04', 'credit_note', 'CN-900001'],
      ['2025-03-06', 'payment', second.number],
      ['2025-03-10', 'payment', first.number],
      ['2025-03-12', 'reversal', second.number],
      ['2025-03-31', 'invoice', lastDay.number],
    ]);
    const [invoice, , note, reversedPayment, paid, reversal] = page.rows;
    expect(invoice).toMatchObject({
      id: first.id,
      clientId: acme,
      clientName: 'Avery Acme',
      company: 'Acme Books LLC',
      invoiceNumber: null,
      amount: 20_000,
      tax: first.taxCents,
      status: first.status,
      method: null,
      description: first.description,
    });
    expect(invoice?.clientEmail).toMatch(/@example\.test$/);
    expect(invoice?.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(note).toMatchObject({
      id: credit.id,
      invoiceNumber: second.number,
      amount: -1250,
      tax: null,
      status: '',
      description: 'Goodwill, one call',
      company: 'Beta, Inc.',
    });
    expect(reversedPayment).toMatchObject({
      id: bounced.id,
      amount: 5000,
      status: 'reversed',
      method: 'check',
    });
    expect(paid).toMatchObject({
      id: payment.id,
      invoiceNumber: first.number,
      amount: 15_000,
      method: 'ach',
      status: '',
      reference: '=HYPERLINK("http://evil.test")',
    });
    expect(reversal).toMatchObject({
      id: bounced.id,
      amount: -5000,
      method: 'check',
      description: 'Check returned unpaid',
    });
  });

  it('reads one day exactly, and a day with nothing', async () => {
    const day = await books('from=2025-03-04&to=2025-03-04');
    expect(day.rows.map((row) => row.type)).toEqual(['invoice', 'credit_note']);
    expect((await books('from=2025-03-01&to=2025-03-02')).rows).toEqual([]);
  });

  it('exports the same rows as CSV, amounts signed, formulas neutralised', async () => {
    const answer = await asAdmin(`/api/admin/books.csv?${march}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="books-2025-03-01-to-2025-03-31.csv"',
    );
    expect(answer.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...records] = parseCsv(answer.body.slice(1));
    expect(header).toEqual([...booksCsvColumns]);
    expect(records.map((r) => [r[0], r[1], r[2]])).toEqual([
      ['2025-03-03', 'Invoice', first.number],
      ['2025-03-04', 'Invoice', second.number],
      ['2025-03-04', 'Credit note', 'CN-900001'],
      ['2025-03-06', 'Payment', second.number],
      ['2025-03-10', 'Payment', first.number],
      ['2025-03-12', 'Payment reversal', second.number],
      ['2025-03-31', 'Invoice', lastDay.number],
    ]);
    const column = (name: (typeof booksCsvColumns)[number]) => booksCsvColumns.indexOf(name);
    const [invoice, , note, bouncedRow, paid, reversal] = records;
    expect(invoice?.[column('Amount')]).toBe('200.00');
    expect(invoice?.[column('Tax')]).toBe((first.taxCents / 100).toFixed(2));
    expect(invoice?.[column('Company')]).toBe('Acme Books LLC');
    expect(invoice?.[column('Invoice')]).toBe('');
    expect(note?.[column('Amount')]).toBe('-12.50');
    expect(note?.[column('Tax')]).toBe('');
    expect(note?.[column('Invoice')]).toBe(second.number);
    expect(note?.[column('Company')]).toBe('Beta, Inc.');
    expect(bouncedRow?.[column('Status')]).toBe('reversed');
    expect(bouncedRow?.[column('Method')]).toBe('Check');
    expect(bouncedRow?.[column('Reference')]).toBe("'-1+1");
    expect(paid?.[column('Amount')]).toBe('150.00');
    expect(paid?.[column('Method')]).toBe('ACH transfer');
    expect(paid?.[column('Reference')]).toBe(`'=HYPERLINK("http://evil.test")`);
    expect(reversal?.[column('Amount')]).toBe('-50.00');
    expect(reversal?.[column('Description')]).toBe('Check returned unpaid');
    // The raw text: a negative amount is a plain number, not a neutralised formula.
    expect(answer.body).toContain(',-12.50,');
    expect(answer.body).not.toContain("'-12.50");
  });

  it('answers 401 without a session and 403 to a client', async () => {
    const { token } = await t.registerClient();
    for (const url of [`/api/admin/books?${march}`, `/api/admin/books.csv?${march}`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.injectAs(token, { method: 'GET', url })).statusCode).toBe(403);
    }
  });

  it('refuses a range backwards, too long, or not of days, and a cursor it did not give', async () => {
    const refused = async (query: string, message: string) => {
      for (const path of ['/api/admin/books', '/api/admin/books.csv']) {
        const answer = await asAdmin(`${path}?${query}`);
        expect(answer.statusCode, `${path}?${query}`).toBe(400);
        expect(answer.json().message).toBe(message);
      }
    };
    await refused('from=2025-03-02&to=2025-03-01', booksMessages.order);
    await refused('from=2022-01-01&to=2025-01-01', booksMessages.tooLong);
    await refused('from=2025-02-30&to=2025-03-01', booksMessages.day);
    await refused('from=yesterday&to=2025-03-01', booksMessages.day);
    // A start after the end of the current quarter the missing end defaults to.
    await refused('from=2999-01-01', booksMessages.order);
    const cursor = encodeURIComponent('2025-03-01|2025-03-01T00:00:00Z|invoice|nope');
    const badCursor = await asAdmin(`/api/admin/books?${march}&cursor=${cursor}`);
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().message).toBe(pageCursorMessage);
    // Three years exactly (with a leap day) is allowed.
    expect((await asAdmin('/api/admin/books?from=2023-01-01&to=2025-12-31')).statusCode).toBe(200);
  });

  it('shows the current quarter in the billing zone when no range is given', async () => {
    const page = await books('');
    expect(page.from).toMatch(/^\d{4}-(01|04|07|10)-01$/);
    expect(page.to).toMatch(/^\d{4}-(03-31|06-30|09-30|12-31)$/);
  });
});

/** 130 invoices over three clients within one millisecond of June 10, 2025, and more. */
async function pagedDay() {
  const clients = [
    await billableClient('Page One', 'One Co'),
    await billableClient('Page Two', 'Two Co'),
    await billableClient('Page Three', 'Three Co'),
  ];
  const made: (typeof invoices.$inferSelect)[] = [];
  for (let i = 0; i < 130; i++) made.push(await billHours(clients[i % 3]!, 1, `Hours ${i}`));
  // All within one millisecond (pairs at the very same microsecond): a cursor read
  // through a JavaScript Date would skip or repeat rows around each page's end.
  await db
    .update(invoices)
    .set({
      issuedAt: sql`'2025-06-10T17:00:00.123Z'::timestamptz + ((select count(*) from invoices o where o.number < ${invoices.number}) % 65) * interval '1 microsecond'`,
    })
    .where(
      inArray(
        invoices.id,
        made.map((m) => m.id),
      ),
    );
  // Rows of other kinds at the same instants, and payments recorded for the day.
  await db.insert(creditNotes).values(
    [0, 1].map((n) => ({
      number: `CN-95000${n}`,
      clientUserId: made[n]!.clientUserId,
      invoiceId: made[n]!.id,
      amount: 100,
      reason: 'Rounding',
      issuedAt: sql`'2025-06-10T17:00:00.123Z'::timestamptz + ${n * 25} * interval '1 microsecond'`,
    })),
  );
  for (const n of [5, 6, 7]) {
    await recordPayment(made[n]!.clientUserId, made[n]!.id, {
      amountDollars: 10,
      paidOn: '2025-06-10',
    });
  }

  return { clients, made };
}

const day = 'from=2025-06-10&to=2025-06-10';
const { clients, made } = await pagedDay();

describe('paging past a hundred rows across clients', () => {
  it('gives every row exactly once, in order, 50 to a page', async () => {
    const pages = await everyRow(day);
    expect(pages.map((page) => page.rows.length)).toEqual([50, 50, 35]);
    expect(pages.at(-1)?.nextCursor).toBeNull();
    const rows = pages.flatMap((page) => page.rows);
    expect(new Set(rows.map(key)).size).toBe(135);
    const listed = rows.filter((row) => row.type === 'invoice').map((row) => row.id);
    const expected = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(
        inArray(
          invoices.id,
          made.map((m) => m.id),
        ),
      )
      .orderBy(invoices.issuedAt, invoices.id);
    expect(listed).toEqual(expected.map((row) => row.id));
    for (const client of clients) {
      expect(rows.filter((row) => row.type === 'invoice' && row.clientId === client)).toHaveLength(
        client === clients[0] ? 44 : 43,
      );
    }
    // Payments were recorded later than every invoice was issued: they close the day.
    expect(rows.slice(-3).map((row) => row.type)).toEqual(['payment', 'payment', 'payment']);
    // A credit note at an invoice's very instant comes after the invoices of that instant.
    const noteAt = rows.findIndex((row) => row.number === 'CN-950000');
    expect(rows[noteAt - 1]?.type).toBe('invoice');
    expect(rows[noteAt + 1]?.type).toBe('invoice');
  });

  it('exports all of them as CSV', async () => {
    const answer = await asAdmin(`/api/admin/books.csv?${day}`);
    expect(answer.statusCode).toBe(200);
    const records = parseCsv(answer.body.slice(1));
    expect(records).toHaveLength(136);
    const pages = await everyRow(day);
    expect(records.slice(1).map((r) => r[2])).toEqual(
      pages.flatMap((page) => page.rows.map((row) => row.number)),
    );
  });
});
