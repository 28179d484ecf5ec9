import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { catalogApi } from '#shared/api/catalog.ts';
import type { CatalogRequestStatus, QueuedCatalogRequest } from '#shared/catalog.ts';
import { formatDateTime } from '#shared/dates.ts';
import { paths } from '#shared/paths.ts';
import { Badge } from '#web/components/badge.tsx';
import { Button } from '#web/components/button.tsx';
import { PageHeader } from '#web/components/page-header.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { type FilterOption, SegmentedFilter } from '#web/components/segmented-filter.tsx';
import { callApi } from '#web/lib/call-api.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { ApproveDialog, catalogDecisionKeys, DeclineDialog } from './shared/catalog-decisions.tsx';
import { catalogStatusBadges } from './shared/catalog-status.ts';

// The catalog request queue: what clients asked for from the workflow catalog,
// open ones oldest first, each approved (optionally into a working process) or declined.

const title = 'Catalog requests';
const description = 'Workflow templates clients asked for. Open requests come first, oldest first.';
export const meta = () => pageMeta(title, description);

const filters: FilterOption<CatalogRequestStatus | 'all'>[] = [
  { value: 'requested', label: 'Open' },
  { value: 'approved', label: 'Approved' },
  { value: 'declined', label: 'Declined' },
  { value: 'all', label: 'All' },
];

const queueQuery = (status: CatalogRequestStatus | 'all') =>
  queryOptions({
    queryKey: [...catalogDecisionKeys.all, status] as const,
    queryFn: ({ signal }) =>
      callApi(
        catalogApi.queue,
        { query: { status: status === 'all' ? undefined : status } },
        { signal },
      ),
  });

type Deciding = { kind: 'approve' | 'decline'; request: QueuedCatalogRequest };

function RequestRow({
  request,
  onDecide,
}: {
  request: QueuedCatalogRequest;
  onDecide: (d: Deciding) => void;
}) {
  const badge = catalogStatusBadges[request.status];
  const client = request.client.companyName
    ? `${request.client.name} (${request.client.companyName})`
    : request.client.name;
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2 py-4">
      <div className="min-w-0 grow basis-72">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {request.templateName}
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </p>
        <p className="mt-0.5 text-sm text-slate-600">
          <Link
            to={paths.adminClient(request.client._id)}
            className="font-medium text-brand-700 hover:underline"
          >
            {client}
          </Link>{' '}
          · asked {formatDateTime(request.createdAt)}
        </p>
        {request.declineReason ? (
          <p className="mt-1 text-sm break-words text-slate-700">Reason: {request.declineReason}</p>
        ) : null}
      </div>
      {request.status === 'requested' ? (
        <div className="flex shrink-0 gap-2">
          <Button
            size="sm"
            onClick={() => onDecide({ kind: 'approve', request })}
            aria-label={`Approve ${request.templateName} for ${client}`}
          >
            Approve
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onDecide({ kind: 'decline', request })}
            aria-label={`Decline ${request.templateName} for ${client}`}
          >
            Decline
          </Button>
        </div>
      ) : null}
    </li>
  );
}

export default function AdminCatalogRequestsPage() {
  const [status, setStatus] = useState<CatalogRequestStatus | 'all'>('requested');
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const requests = useQuery(queueQuery(status));
  return (
    <>
      <PageHeader title={title} description={description} />
      <SegmentedFilter
        legend="Show requests"
        name="catalog-filter"
        options={filters}
        value={status}
        onChange={setStatus}
        className="mb-4"
      />
      <QueryState
        query={requests}
        loading="Loading requests…"
        failed="Catalog requests could not be loaded"
        isEmpty={(list) => list.length === 0}
        empty={
          status === 'requested'
            ? 'No open requests: every client has an answer.'
            : 'No requests here.'
        }
      >
        {(list) => (
          <ul
            aria-label="Catalog requests"
            className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white px-4 sm:px-5"
          >
            {list.map((request) => (
              <RequestRow key={request._id} request={request} onDecide={setDeciding} />
            ))}
          </ul>
        )}
      </QueryState>
      {deciding?.kind === 'approve' ? (
        <ApproveDialog request={deciding.request} onClose={() => setDeciding(null)} />
      ) : null}
      {deciding?.kind === 'decline' ? (
        <DeclineDialog request={deciding.request} onClose={() => setDeciding(null)} />
      ) : null}
    </>
  );
}
