import { queryOptions } from '@tanstack/react-query';
import { authApi } from '#shared/api/auth.ts';
import { billingApi } from '#shared/api/billing.ts';
import type { billingStatuses } from '#shared/user.ts';
import { callApi } from '#web/lib/call-api.ts';

// The client billing calls (SPEC §7, under /api/zoho whichever provider runs) and their
// cache keys. Only the account owner may make them; the server answers 403 otherwise.

export type BillingStatus = (typeof billingStatuses)[number];

export const billingKeys = {
  all: ['billing'] as const,
  status: ['billing', 'status'] as const,
  packages: ['billing', 'packages'] as const,
  invoices: ['billing', 'invoices'] as const,
  subscription: ['billing', 'subscription'] as const,
};

// Another tab (the portal opens in one) may change the plan, so billing refreshes when
// the reader comes back to this tab.
const fresh = { refetchOnWindowFocus: true, staleTime: 0 } as const;

const statusAnswer = () =>
  queryOptions({
    queryKey: billingKeys.status,
    queryFn: ({ signal }) => callApi(billingApi.status, {}, { signal }),
    ...fresh,
  });

export const billingStatusQuery = () =>
  queryOptions({ ...statusAnswer(), select: (answer) => answer.status });

/** The zone Billing's dates are shown in (BILLING_TIME_ZONE), from the same answer. */
export const billingZoneQuery = () =>
  queryOptions({ ...statusAnswer(), select: (answer) => answer.billingTimeZone });

export const packagesQuery = () =>
  queryOptions({
    queryKey: billingKeys.packages,
    queryFn: ({ signal }) => callApi(billingApi.packages, {}, { signal }),
  });

export const invoicesQuery = () =>
  queryOptions({
    queryKey: billingKeys.invoices,
    queryFn: ({ signal }) => callApi(billingApi.invoices, {}, { signal }),
    ...fresh,
  });

/** Plan and period end of the signed-in owner, read fresh rather than from storage. */
export const subscriptionQuery = () =>
  queryOptions({
    queryKey: billingKeys.subscription,
    queryFn: async ({ signal }) =>
      (await callApi(authApi.verify, {}, { signal })).user.subscription,
    ...fresh,
  });

export const billingCalls = {
  portalUrl: () => callApi(billingApi.portalUrl),
  selectPackage: (packageId: string) => callApi(billingApi.selectPackage, { body: { packageId } }),
};
