import { queryOptions } from '@tanstack/react-query';
import { outboxApi } from '#shared/api/outbox.ts';
import { callApi } from './call-api.ts';

// The number of failed mails and webhook notices the admin navigation shows beside Outbox.
// Its key sits under the Outbox screen's, so a resend or removal there refreshes it.

export const outboxKey = ['admin', 'outbox'] as const;

export const failedOutboxQuery = () =>
  queryOptions({
    queryKey: [...outboxKey, 'failed-count'],
    queryFn: ({ signal }) => callApi(outboxApi.failedCount, {}, { signal }),
    // The navigation is on every admin screen: a minute old is fresh enough.
    staleTime: 60_000,
  });
