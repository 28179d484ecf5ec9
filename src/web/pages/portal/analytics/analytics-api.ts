import { queryOptions } from '@tanstack/react-query';
import type { ClientAnalytics } from '#shared/analytics.ts';
import { api } from '#web/lib/api.ts';

export const clientAnalyticsQuery = () =>
  queryOptions({
    queryKey: ['portal', 'analytics'] as const,
    queryFn: ({ signal }) => api.get<ClientAnalytics>('/api/client/analytics', { signal }),
  });
