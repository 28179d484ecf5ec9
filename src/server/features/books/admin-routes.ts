import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { booksApi as api } from '#shared/api/books.ts';
import { BOOKS_PAGE_SIZE } from '#shared/books.ts';
import { booksCsvFilename, booksCsvStream } from './books-csv.ts';
import { allBooksRows, booksCursorOf, booksPositionOf, readBooks } from './ledger.ts';
import { booksRangeOf } from './range.ts';

// The books for admins: a page of 50 rows after the cursor, or every row of the range as
// CSV, streamed as it is read. Days are the billing zone's (BILLING_TIME_ZONE); a range
// left out is the current quarter.

export const booksRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const { timeZone } = app.deps.config.invoicing;

  serve(app, api.list, async (request) => {
    const range = booksRangeOf(request.query, timeZone);
    const { cursor } = request.query;
    const after = cursor ? booksPositionOf(cursor) : null;
    const { rows, next } = await readBooks(db, range, after, BOOKS_PAGE_SIZE);
    return {
      ...range,
      rows: rows.map(({ at: _at, ...row }) => row),
      nextCursor: next ? booksCursorOf(next) : null,
    };
  });

  // The 200 is text/csv (UTF-8 with a byte-order mark) sent as it streams.
  serve(app, api.csv, async (request, reply) => {
    const range = booksRangeOf(request.query, timeZone);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${booksCsvFilename(range)}"`)
      .send(booksCsvStream(allBooksRows(db, range)));
  });
};
