import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ENQUIRY_PAGE } from '#shared/enquiries.ts';
import { totalText } from '#shared/paging.ts';
import { CursorPager } from '#web/components/cursor-pager.tsx';
import { TextField } from '#web/components/field.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { EmptyState, QueryState } from '#web/components/query-state.tsx';
import { useCursorPages } from '#web/components/use-cursor-pages.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { useSettled } from '#web/lib/use-settled.ts';
import { enquiriesQuery } from './enquiries/enquiries-api.ts';
import { EnquiryCard } from './enquiries/enquiry-card.tsx';

const title = 'Enquiries';
const description = 'Project enquiries sent from the contact form, newest first.';

export const meta = () => pageMeta(title, description);

const count = (page: { total: number; totalCapped: boolean }) =>
  `${totalText(page)} ${page.total === 1 && !page.totalCapped ? 'enquiry' : 'enquiries'}`;

const shownText = (pagesBefore: number, shown: number) => {
  const first = pagesBefore * ENQUIRY_PAGE.default + 1;
  return `Enquiries ${first}–${first + shown - 1}`;
};

// The list pages on the server after the last enquiry shown (its cursor): Next asks for
// the enquiries before it, Previous goes back to a cursor already used. The cursors
// belong to one search: a new search starts again from the newest.

export default function AdminEnquiriesPage() {
  const [search, setSearch] = useState('');
  const q = useSettled(search).trim();
  const pages = useCursorPages(q);
  const enquiries = useQuery(enquiriesQuery({ q, before: pages.cursor }));
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          enquiries.data ? (
            <p className="text-sm text-slate-600" aria-live="polite">
              {q ? `${count(enquiries.data)} match` : count(enquiries.data)}
            </p>
          ) : null
        }
      />
      <TextField
        label="Search enquiries"
        type="search"
        placeholder="Name, e-mail, company or message"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        className="mb-4 w-full sm:w-80"
      />
      <div ref={pages.top} className="scroll-mt-4">
        <QueryState
          query={enquiries}
          loading="Loading enquiries…"
          failed="Enquiries could not be loaded"
          isEmpty={(page) => page.total === 0 && !q}
          empty="No enquiries yet. Messages sent from the contact page appear here."
        >
          {(page) => (
            <div className="space-y-4">
              {page.rows.length === 0 ? (
                <EmptyState>No enquiries match “{q}”.</EmptyState>
              ) : (
                <ul className="space-y-4">
                  {page.rows.map((enquiry) => (
                    <EnquiryCard key={enquiry._id} enquiry={enquiry} />
                  ))}
                </ul>
              )}
              {pages.pagesBefore > 0 || page.nextCursor ? (
                <CursorPager
                  label="enquiries"
                  text={shownText(pages.pagesBefore, page.rows.length)}
                  busy={enquiries.isPlaceholderData}
                  {...pages.turns(page.nextCursor)}
                />
              ) : null}
            </div>
          )}
        </QueryState>
      </div>
    </>
  );
}
