import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogRequest, CatalogRequestStatus } from '#shared/catalog.ts';
import { formatDateTime } from '#shared/dates.ts';
import { displayName } from '#shared/display-name.ts';
import type { User } from '#shared/user.ts';
import { Badge, type BadgeTone } from '#web/components/badge.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { SectionCard } from '#web/components/section-card.tsx';
import { api } from '#web/lib/api.ts';

// The templates this client asked for from the catalog (SPEC §2 Catalog), newest first,
// so the provider can follow up on each request.

const statuses: Record<CatalogRequestStatus, { label: string; tone: BadgeTone }> = {
  requested: { label: 'Requested', tone: 'amber' },
  approved: { label: 'Approved', tone: 'green' },
  declined: { label: 'Declined', tone: 'red' },
};

const requestsQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'clients', id, 'catalog-requests'],
    queryFn: ({ signal }) =>
      api.get<CatalogRequest[]>(`/api/admin/clients/${encodeURIComponent(id)}/catalog-requests`, {
        signal,
      }),
  });

export function CatalogRequestsCard({ client }: { client: User }) {
  const requests = useQuery(requestsQuery(client._id));
  return (
    <SectionCard
      id="catalog-requests"
      title="Catalog requests"
      description="Workflow templates this client asked for from the catalog."
    >
      <QueryState
        query={requests}
        loading="Loading catalog requests…"
        failed="Catalog requests could not be loaded"
      >
        {(list) =>
          list.length === 0 ? (
            // Plain text: an EmptyState card would sit inside this card.
            <p className="text-sm text-slate-600">No catalog requests yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200" aria-label="Catalog requests">
              {list.map((request) => (
                <li
                  key={request._id}
                  className="flex flex-wrap items-start justify-between gap-2 py-3 first:pt-0 last:pb-0"
                >
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{request.templateName}</p>
                    <p className="mt-0.5 text-sm text-slate-600">
                      <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
                      {request.requestedBy ? (
                        <span className="break-all"> · by {displayName(request.requestedBy)}</span>
                      ) : null}
                    </p>
                  </div>
                  <Badge tone={statuses[request.status].tone}>
                    {statuses[request.status].label}
                  </Badge>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </SectionCard>
  );
}
