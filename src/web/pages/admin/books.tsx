import { useSearchParams } from 'react-router';
import { PageHeader } from '#web/components/page-header.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { BooksView } from './books/books-view.tsx';
import type { BooksRange } from './books/range-form.tsx';

// Books: every invoice, credit note, payment and payment reversal across clients for a
// range of days in the billing zone, 50 to a page, and the whole range as CSV for the
// accountant. The range lives in the address (?from=&to=), so it can be bookmarked; none
// is the current quarter.

const title = 'Books';
const description =
  'Every invoice, credit note and payment across clients for a range of days, to check or to import into bookkeeping software.';

export const meta = () => pageMeta(title, description);

export default function AdminBooksPage() {
  const [params, setParams] = useSearchParams();
  const asked = { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined };
  const show = (range: BooksRange) => setParams({ ...range }, { preventScrollReset: true });
  return (
    <>
      <PageHeader title={title} description={description} />
      <BooksView key={`${asked.from}|${asked.to}`} asked={asked} onShow={show} />
    </>
  );
}
