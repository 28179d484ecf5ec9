import { badRequest } from '#server/http/errors.ts';
import { billingToday } from '#shared/billing-dates.ts';
import { booksRangeProblem, quarterOf } from '#shared/books.ts';
import type { BooksRange } from './ledger.ts';

// The days asked for, or the current quarter in the billing zone for a day left out. The
// query schema already refused a bad pair; a single day given is checked here against
// the quarter's other end, with the same words.

export function booksRangeOf(
  query: { from?: string; to?: string },
  timeZone: string,
  now = new Date(),
): BooksRange {
  const quarter = quarterOf(billingToday(timeZone, now));
  const from = query.from ?? quarter.from;
  const to = query.to ?? quarter.to;
  const problem = booksRangeProblem(from, to);
  if (problem) throw badRequest(problem, { to: problem });
  return { from, to, timeZone };
}
