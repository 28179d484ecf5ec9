import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '#shared/answers.ts';
import type { UrlAnswer } from '#shared/billing-api.ts';
import type { BillingOverview } from '#shared/clients.ts';
import type { ImpersonationToken } from '#shared/impersonation.ts';
import type { SubscriptionStatus, User } from '#shared/user.ts';
import { api } from '#web/lib/api.ts';

// The admin client calls (SPEC §7 Admin) with their cache keys. Every change answers
// with the updated client, which replaces the cached record; the list is refetched.

const base = '/api/admin/clients';
const enc = encodeURIComponent;

export const clientKeys = {
  all: ['admin', 'clients'] as const,
  one: (id: string) => ['admin', 'clients', id] as const,
  overview: (id: string) => ['admin', 'billing', id, 'overview'] as const,
};

export const clientsQuery = () =>
  queryOptions({ queryKey: clientKeys.all, queryFn: () => api.get<User[]>(base) });

export const clientQuery = (id: string) =>
  queryOptions({
    queryKey: clientKeys.one(id),
    queryFn: () => api.get<User>(`${base}/${enc(id)}`),
  });

export const overviewQuery = (id: string) =>
  queryOptions({
    queryKey: clientKeys.overview(id),
    queryFn: () => api.get<BillingOverview>(`/api/admin/billing/${enc(id)}/overview`),
  });

export const clientCalls = {
  update: (id: string, body: object) => api.patch<User>(`${base}/${enc(id)}`, body),
  company: (id: string, body: object) => api.patch<User>(`${base}/${enc(id)}/company`, body),
  allowedIps: (id: string, ips: string[]) =>
    api.post<User>(`${base}/${enc(id)}/allowed-ips`, { ips }),
  integrationKey: (id: string, n8nWebhookKey: string | null) =>
    api.post<User>(`${base}/${enc(id)}/integration-keys`, { n8nWebhookKey }),
  resetPassword: (id: string, newPassword: string) =>
    api.post<Message>(`${base}/${enc(id)}/reset-password`, { newPassword }),
  mockStatus: (id: string, status: SubscriptionStatus) =>
    api.post<BillingOverview>(`/api/admin/billing/${enc(id)}/mock-status`, { status }),
  billingPortal: (id: string) =>
    api.post<UrlAnswer>(`/api/admin/billing/${enc(id)}/billing-portal`, {}),
  impersonate: (id: string) =>
    api.post<ImpersonationToken>(`/api/admin/impersonate/${enc(id)}`, {}),
};

/** A change to one client whose answer is the updated client record. */
export function useClientChange<TVariables>(
  id: string,
  send: (variables: TVariables) => Promise<User>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (user) => {
      queryClient.setQueryData(clientKeys.one(id), user);
      void queryClient.invalidateQueries({ queryKey: clientKeys.all, exact: true });
    },
  });
}
