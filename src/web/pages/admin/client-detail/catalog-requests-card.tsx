import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { catalogApi } from '#shared/api/catalog.ts';
import type { CatalogRequest } from '#shared/catalog.ts';
import { formatDateTime } from '#shared/dates.ts';
import { displayName } from '#shared/display-name.ts';
import type { User } from '#shared/user.ts';
import { Badge } from '#web/components/badge.tsx';
import { Button } from '#web/components/button.tsx';
import { QueryState } from '#web/components/query-state.tsx';
import { SectionCard } from '#web/components/section-card.tsx';
import { callApi } from '#web/lib/call-api.ts';
import { ApproveDialog, catalogDecisionKeys, DeclineDialog } from '../shared/catalog-decisions.tsx';
import { catalogStatusBadges } from '../shared/catalog-status.ts';

// The templates this client asked for from the catalog (SPEC §2 Catalog), newest first,
// so the provider can follow up on each request.

const statuses = catalogStatusBadges;

const requestsQuery = (id: string) =>
  queryOptions({
    queryKey: [...catalogDecisionKeys.all, 'client', id],
    queryFn: ({ signal }) => callApi(catalogApi.clientRequests, { params: { id } }, { signal }),
  });

export function CatalogRequestsCard({ client }: { client: User }) {
  const requests = useQuery(requestsQuery(client._id));
  const [deciding, setDeciding] = useState<{
    kind: 'approve' | 'decline';
    request: CatalogRequest;
  } | null>(null);
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
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone={statuses[request.status].tone}>
                      {statuses[request.status].label}
                    </Badge>
                    {request.status === 'requested' ? (
                      <>
                        <Button
                          size="sm"
                          onClick={() => setDeciding({ kind: 'approve', request })}
                          aria-label={`Approve ${request.templateName}`}
                        >
                          Approve
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => setDeciding({ kind: 'decline', request })}
                          aria-label={`Decline ${request.templateName}`}
                        >
                          Decline
                        </Button>
                      </>
                    ) : null}
                  </div>
                  {request.declineReason ? (
                    <p className="w-full text-sm break-words text-slate-700">
                      Reason: {request.declineReason}
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      {deciding?.kind === 'approve' ? (
        <ApproveDialog request={deciding.request} onClose={() => setDeciding(null)} />
      ) : null}
      {deciding?.kind === 'decline' ? (
        <DeclineDialog request={deciding.request} onClose={() => setDeciding(null)} />
      ) : null}
    </SectionCard>
  );
}
