import { ErrorSchema } from '../answers.ts';
import { BooksCsvQuerySchema, BooksPageSchema, BooksQuerySchema } from '../books.ts';
import { defineRoute } from './route.ts';

// The books for admins: every invoice, credit note, payment and payment reversal across
// clients for a range of days in the billing zone, a page of 50 at a time after the last
// row's cursor, or all of them as CSV for bookkeeping tools.

const admin = { audience: 'admin', tags: ['admin: books'] } as const;

export const booksApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/books',
    ...admin,
    summary: 'Invoices, credit notes, payments and reversals of a range of days, oldest first',
    query: BooksQuerySchema,
    responses: { 200: BooksPageSchema, 400: ErrorSchema },
  }),
  csv: defineRoute({
    method: 'GET',
    path: '/api/admin/books.csv',
    ...admin,
    summary: 'Every row of the books for a range of days, as CSV (UTF-8, signed amounts)',
    query: BooksCsvQuerySchema,
    produces: ['text/csv'],
    responses: { 400: ErrorSchema },
  }),
};
