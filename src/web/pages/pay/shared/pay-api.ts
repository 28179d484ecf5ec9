import { queryOptions } from '@tanstack/react-query';

// The token pages' calls (GET /api/pay/sessions/{token} and its actions). The token in
// the address is the only authorisation, so no bearer token is sent: the pages work
// signed out, and a stale session in this browser cannot interfere.

/**
 * The billing routes and their caller, loaded at the first call. The pages are not
 * pre-rendered and load zod anyway, but each module they import statically lengthens
 * React Router's route manifest, which every public page loads within its JavaScript
 * budget (docs/decisions/022-one-route-table.md).
 */
const load = async () => {
  const [{ billingApi }, { callApi }] = await Promise.all([
    import('#shared/api/billing.ts'),
    import('#web/lib/call-api.ts'),
  ]);
  return { routes: billingApi, callApi };
};
const noAuth = { auth: false } as const;

export const payKeys = { session: (token: string) => ['pay', 'session', token] as const };

export const paySessionQuery = (token: string) =>
  queryOptions({
    queryKey: payKeys.session(token),
    queryFn: async ({ signal }) => {
      const { routes, callApi } = await load();
      return callApi(routes.paySession, { params: { token } }, { ...noAuth, signal });
    },
    // 404 means expired or used: asking again does not help.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const payCalls = {
  change: async (token: string, packageId: string) => {
    const { routes, callApi } = await load();
    return callApi(routes.payChange, { params: { token }, body: { packageId } }, noAuth);
  },
  cancel: async (token: string) => {
    const { routes, callApi } = await load();
    return callApi(routes.payCancel, { params: { token } }, noAuth);
  },
  resume: async (token: string) => {
    const { routes, callApi } = await load();
    return callApi(routes.payResume, { params: { token } }, noAuth);
  },
};
