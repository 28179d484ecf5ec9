import { useQuery } from '@tanstack/react-query';
import { billingZoneNote } from '#shared/billing-dates.ts';
import { BOOKS_PAGE_SIZE } from '#shared/books.ts';
import { CursorPager } from '#web/components/cursor-pager.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { useCursorPages } from '#web/components/use-cursor-pages.ts';
import { booksPageQuery } from './books-api.ts';
import { emptyText, rowsText } from './books-format.ts';
import { BooksRows } from './books-table.tsx';
import { CsvButton } from './csv-button.tsx';
import { type BooksRange, RangeForm } from './range-form.tsx';

// The books of one range, a page at a time. Pages follow the server's cursor: Next asks
// for the rows after the last one shown, Previous goes back to a cursor already used.
// Mounted afresh for each range (keyed by it), so a new range starts on its first page.

export function BooksView({
  asked,
  onShow,
}: {
  /** The days in the address; none for the current quarter. */
  asked: Partial<BooksRange>;
  onShow: (range: BooksRange) => void;
}) {
  const pages = useCursorPages();
  const books = useQuery(booksPageQuery({ ...asked, cursor: pages.cursor }));
  const shown =
    asked.from && asked.to
      ? { from: asked.from, to: asked.to }
      : books.data && { from: books.data.from, to: books.data.to };
  // The CSV is of the range the rows are for, as the server named it.
  const answered = books.data && !books.isError ? books.data : null;

  return (
    <div className="space-y-4" ref={pages.top}>
      {shown ? (
        <RangeForm key={`${shown.from}|${shown.to}`} initial={shown} onShow={onShow}>
          {answered ? <CsvButton range={answered} /> : null}
        </RangeForm>
      ) : null}
      <QueryState
        query={books}
        loading="Loading the books…"
        failed="The books could not be loaded"
        isEmpty={(page) => page.rows.length === 0 && pages.pagesBefore === 0}
        empty={books.data ? emptyText(books.data) : null}
      >
        {(page) => (
          <>
            <p className="text-sm text-slate-600">
              {billingZoneNote(page.timeZone)} Credit notes and reversals take money off, so their
              amounts are negative.
            </p>
            <BooksRows rows={page.rows} />
            <CursorPager
              label="the books"
              text={rowsText(pages.pagesBefore, page.rows.length, BOOKS_PAGE_SIZE)}
              busy={books.isPlaceholderData}
              {...pages.turns(page.nextCursor)}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
