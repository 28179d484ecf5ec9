import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Message } from '#shared/answers.ts';
import type {
  FailedCount,
  OutboxMail,
  OutboxPage,
  OutboxStatus,
  WebhookDeliveryPage,
} from '#shared/outbox.ts';
import { api } from '#web/lib/api.ts';

// The admin Outbox calls (GET/POST/DELETE /api/admin/outbox…, webhook notices under
// /api/admin/outbox/webhooks) with their cache keys.

export const outboxKeys = {
  all: ['admin', 'outbox'] as const,
  list: (status: OutboxStatus | 'all') => ['admin', 'outbox', 'list', status] as const,
  mail: (id: string) => ['admin', 'outbox', 'mail', id] as const,
  failed: ['admin', 'outbox', 'failed-count'] as const,
  webhooks: (status: OutboxStatus | 'all') => ['admin', 'outbox', 'webhooks', status] as const,
};

/** A list of the Outbox, 50 at a time, each page asking for the ones after the last. */
const pagedQuery = <Page extends { nextCursor: string | null }>(
  queryKey: readonly string[],
  path: string,
  status: OutboxStatus | 'all',
) =>
  infiniteQueryOptions({
    queryKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: '50' });
      if (status !== 'all') query.set('status', status);
      if (pageParam) query.set('before', pageParam);
      return api.get<Page>(`${path}?${query}`, { signal });
    },
    getNextPageParam: (page) => page.nextCursor,
  });

export const outboxQuery = (status: OutboxStatus | 'all') =>
  pagedQuery<OutboxPage>(outboxKeys.list(status), '/api/admin/outbox', status);

/** Webhook notices, failed ones first. */
export const webhookDeliveriesQuery = (status: OutboxStatus | 'all') =>
  pagedQuery<WebhookDeliveryPage>(
    outboxKeys.webhooks(status),
    '/api/admin/outbox/webhooks',
    status,
  );

export const mailQuery = (id: string) =>
  queryOptions({
    queryKey: outboxKeys.mail(id),
    queryFn: ({ signal }) =>
      api.get<OutboxMail>(`/api/admin/outbox/${encodeURIComponent(id)}`, { signal }),
  });

export const failedMailQuery = () =>
  queryOptions({
    queryKey: outboxKeys.failed,
    queryFn: ({ signal }) => api.get<FailedCount>('/api/admin/outbox/failed-count', { signal }),
    // The navigation is on every admin screen: a minute old is fresh enough.
    staleTime: 60_000,
  });

export const outboxCalls = {
  resend: (id: string) =>
    api.post<Message>(`/api/admin/outbox/${encodeURIComponent(id)}/resend`, {}),
  remove: (id: string) => api.delete<Message>(`/api/admin/outbox/${encodeURIComponent(id)}`),
  resendWebhook: (id: string) =>
    api.post<Message>(`/api/admin/outbox/webhooks/${encodeURIComponent(id)}/resend`, {}),
};
