import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ENQUIRY_PAGE } from '#shared/enquiries.ts';
import { TextField } from '#web/components/field.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { Pager } from '#web/components/pager.tsx';
import { EmptyState, QueryState } from '#web/components/query-state.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { useSettled } from '#web/lib/use-settled.ts';
import { enquiriesQuery } from './enquiries/enquiries-api.ts';
import { EnquiryCard } from './enquiries/enquiry-card.tsx';

const title = 'Enquiries';
const description = 'Project enquiries sent from the contact form, newest first.';

export const meta = () => pageMeta(title, description);

const count = (n: number) =>
  `${new Intl.NumberFormat('en-US').format(n)} ${n === 1 ? 'enquiry' : 'enquiries'}`;

export default function AdminEnquiriesPage() {
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const q = useSettled(search);
  const enquiries = useQuery(enquiriesQuery({ q, offset }));
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          enquiries.data ? (
            <p className="text-sm text-slate-600" aria-live="polite">
              {q.trim() ? `${count(enquiries.data.total)} match` : count(enquiries.data.total)}
            </p>
          ) : null
        }
      />
      <TextField
        label="Search enquiries"
        type="search"
        placeholder="Name, e-mail, company or message"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setOffset(0);
        }}
        className="mb-4 w-full sm:w-80"
      />
      <QueryState
        query={enquiries}
        loading="Loading enquiries…"
        failed="Enquiries could not be loaded"
        isEmpty={(page) => page.total === 0 && !q.trim()}
        empty="No enquiries yet. Messages sent from the contact page appear here."
      >
        {(page) => (
          <div className="space-y-4">
            {page.rows.length === 0 ? (
              <EmptyState>No enquiries match “{q.trim()}”.</EmptyState>
            ) : (
              <ul className="space-y-4">
                {page.rows.map((enquiry) => (
                  <EnquiryCard key={enquiry._id} enquiry={enquiry} />
                ))}
              </ul>
            )}
            <Pager
              offset={offset}
              limit={ENQUIRY_PAGE.default}
              total={page.total}
              label="enquiries"
              busy={enquiries.isPlaceholderData}
              onChange={setOffset}
            />
          </div>
        )}
      </QueryState>
    </>
  );
}
