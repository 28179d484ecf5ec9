import { queryOptions } from '@tanstack/react-query';
import { analyticsApi } from '#shared/api/analytics.ts';
import { callApi } from '#web/lib/call-api.ts';

export const clientAnalyticsQuery = () =>
  queryOptions({
    queryKey: ['portal', 'analytics'] as const,
    queryFn: ({ signal }) => callApi(analyticsApi.client, {}, { signal }),
  });
