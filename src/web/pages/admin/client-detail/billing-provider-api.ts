import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientsApi } from '#shared/api/clients.ts';
import type { BillingProviderName } from '#shared/billing-provider.ts';
import { callApi } from '#web/lib/call-api.ts';

// GET /api/admin/billing-provider: which provider this server bills with, so the client
// screen offers only the ids and actions that provider uses. It changes only on a restart.

const billingProviderQuery = () =>
  queryOptions({
    queryKey: ['admin', 'billing-provider'] as const,
    queryFn: ({ signal }) => callApi(clientsApi.billingProvider, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The configured provider; undefined until the server has said (nothing is shown then). */
export const useBillingProvider = (): BillingProviderName | undefined =>
  useQuery(billingProviderQuery()).data?.provider;
