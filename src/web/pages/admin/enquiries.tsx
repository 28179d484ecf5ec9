import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { enquiriesQuery } from './enquiries/enquiries-api.ts';
import { EnquiryCard } from './enquiries/enquiry-card.tsx';

const title = 'Enquiries';
const description = 'Project enquiries sent from the contact form, newest first.';

export const meta = () => pageMeta(title, description);

export default function AdminEnquiriesPage() {
  const enquiries = useQuery(enquiriesQuery());
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          enquiries.data ? (
            <p className="text-sm text-slate-600">
              {enquiries.data.length} {enquiries.data.length === 1 ? 'enquiry' : 'enquiries'}
            </p>
          ) : null
        }
      />
      <QueryState
        query={enquiries}
        loading="Loading enquiries…"
        failed="Enquiries could not be loaded"
        isEmpty={(list) => list.length === 0}
        empty="No enquiries yet. Messages sent from the contact page appear here."
      >
        {(list) => (
          <ul className="space-y-4">
            {list.map((enquiry) => (
              <EnquiryCard key={enquiry._id} enquiry={enquiry} />
            ))}
          </ul>
        )}
      </QueryState>
    </>
  );
}
