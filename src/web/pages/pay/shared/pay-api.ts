import { queryOptions } from '@tanstack/react-query';
import type { PayResult, PaySession } from '#shared/billing-api.ts';
import { api } from '#web/lib/api.ts';

// The token pages' calls (GET /api/pay/sessions/{token} and its actions). The token in
// the address is the only authorisation, so no bearer token is sent: the pages work
// signed out, and a stale session in this browser cannot interfere.

const session = (token: string) => `/api/pay/sessions/${encodeURIComponent(token)}`;
const noAuth = { auth: false } as const;

export const payKeys = { session: (token: string) => ['pay', 'session', token] as const };

export const paySessionQuery = (token: string) =>
  queryOptions({
    queryKey: payKeys.session(token),
    queryFn: ({ signal }) => api.get<PaySession>(session(token), { ...noAuth, signal }),
    // 404 means expired or used: asking again does not help.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const payCalls = {
  change: (token: string, packageId: string) =>
    api.post<PayResult>(`${session(token)}/change`, { packageId }, noAuth),
  cancel: (token: string) => api.post<PayResult>(`${session(token)}/cancel`, {}, noAuth),
};
