import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { outboxApi } from '#shared/api/outbox.ts';
import type { OutboxStatus } from '#shared/outbox.ts';
import { callApi } from '#web/lib/call-api.ts';
import { outboxKey } from '#web/lib/failed-outbox.ts';

// The admin Outbox calls (mail, and webhook notices) with their cache keys. The failed count
// beside Outbox in the navigation is the admin layout's (#web/lib/failed-outbox.ts), under
// the same first key, so invalidating `all` here refreshes it too.

export const outboxKeys = {
  all: outboxKey,
  list: (status: OutboxStatus | 'all') => ['admin', 'outbox', 'list', status] as const,
  mail: (id: string) => ['admin', 'outbox', 'mail', id] as const,
  webhooks: (status: OutboxStatus | 'all') => ['admin', 'outbox', 'webhooks', status] as const,
};

interface PageQuery {
  limit: number;
  status?: OutboxStatus;
  before?: string;
}

/** A list of the Outbox, 50 at a time, each page asking for the ones after the last. */
const pagedQuery = <Page extends { nextCursor: string | null }>(
  queryKey: readonly string[],
  fetchPage: (query: PageQuery, signal: AbortSignal) => Promise<Page>,
  status: OutboxStatus | 'all',
) =>
  infiniteQueryOptions({
    queryKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      fetchPage(
        {
          limit: 50,
          status: status === 'all' ? undefined : status,
          before: pageParam ?? undefined,
        },
        signal,
      ),
    getNextPageParam: (page) => page.nextCursor,
  });

export const outboxQuery = (status: OutboxStatus | 'all') =>
  pagedQuery(
    outboxKeys.list(status),
    (query, signal) => callApi(outboxApi.list, { query }, { signal }),
    status,
  );

/** Webhook notices, failed ones first. */
export const webhookDeliveriesQuery = (status: OutboxStatus | 'all') =>
  pagedQuery(
    outboxKeys.webhooks(status),
    (query, signal) => callApi(outboxApi.webhooks, { query }, { signal }),
    status,
  );

export const mailQuery = (id: string) =>
  queryOptions({
    queryKey: outboxKeys.mail(id),
    queryFn: ({ signal }) => callApi(outboxApi.read, { params: { id } }, { signal }),
  });

export const outboxCalls = {
  resend: (id: string) => callApi(outboxApi.resend, { params: { id } }),
  remove: (id: string) => callApi(outboxApi.remove, { params: { id } }),
  resendWebhook: (id: string) => callApi(outboxApi.resendWebhook, { params: { id } }),
};
