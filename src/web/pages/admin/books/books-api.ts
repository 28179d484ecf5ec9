import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { booksApi } from '#shared/api/books.ts';
import { callApi, callApiRaw } from '#web/lib/call-api.ts';
import { saveAnswer } from '#web/lib/save-file.ts';

// The books across clients: one page of 50 rows after a cursor, and the CSV of the whole
// range. A range left out is the current quarter in the billing zone, which the answer
// names (`from`, `to`), so the screen never guesses the zone.

export interface BooksView {
  from?: string;
  to?: string;
  /** The page after this cursor; the first page without one. */
  cursor: string | null;
}

export const booksKeys = {
  all: ['admin', 'books'] as const,
  page: (view: BooksView) =>
    ['admin', 'books', view.from ?? '', view.to ?? '', view.cursor ?? ''] as const,
};

export const booksPageQuery = (view: BooksView) =>
  queryOptions({
    queryKey: booksKeys.page(view),
    queryFn: () =>
      callApi(booksApi.list, {
        query: { from: view.from, to: view.to, cursor: view.cursor ?? undefined },
      }),
    // The page on screen stays until the next one arrives, so paging does not flash.
    placeholderData: keepPreviousData,
  });

/** Saves books.csv of the range under the name the server gives it. */
export async function downloadBooksCsv(range: { from: string; to: string }) {
  const response = await callApiRaw(booksApi.csv, { query: range });
  await saveAnswer(response, `books-${range.from}-to-${range.to}.csv`);
}
