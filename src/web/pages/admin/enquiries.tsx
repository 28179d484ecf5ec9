import { useQuery } from '@tanstack/react-query';
import { Alert } from '#web/components/alert.tsx';
import { Button } from '#web/components/button.tsx';
import { Card } from '#web/components/card.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { Spinner } from '#web/components/spinner.tsx';
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
      {enquiries.isPending ? (
        <Spinner label="Loading enquiries…" />
      ) : enquiries.isError ? (
        <Alert title="Enquiries could not be loaded">
          <p>{enquiries.error.message}</p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-3"
            onClick={() => enquiries.refetch()}
          >
            Try again
          </Button>
        </Alert>
      ) : enquiries.data.length === 0 ? (
        <Card className="text-center text-sm text-slate-600">
          No enquiries yet. Messages sent from the contact page appear here.
        </Card>
      ) : (
        <ul className="space-y-4">
          {enquiries.data.map((enquiry) => (
            <EnquiryCard key={enquiry._id} enquiry={enquiry} />
          ))}
        </ul>
      )}
    </>
  );
}
