import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '#shared/answers.ts';
import type { UrlAnswer } from '#shared/billing-api.ts';
import {
  type BillingOverview,
  CLIENT_PAGE,
  type ClientRow,
  type ClientSort,
} from '#shared/clients.ts';
import type { ImpersonationToken } from '#shared/impersonation.ts';
import type { Role, SubscriptionStatus, User } from '#shared/user.ts';
import { api } from '#web/lib/api.ts';

// The admin client calls (SPEC §7 Admin) with their cache keys. Every change answers
// with the updated client, which replaces the cached record; the list is refetched.

const base = '/api/admin/clients';
const enc = encodeURIComponent;

export const clientKeys = {
  all: ['admin', 'clients'] as const,
  /** Every page of the list, whatever its search (issue 18). */
  lists: ['admin', 'clients', 'list'] as const,
  one: (id: string) => ['admin', 'clients', id] as const,
  overview: (id: string) => ['admin', 'billing', id, 'overview'] as const,
};

export interface ClientListParams {
  q?: string;
  role?: Role | '';
  /** Leave one role out: the clients screen and the pickers leave the admins out. */
  exclude?: Role;
  sort?: ClientSort;
  offset?: number;
}

/**
 * A page of accounts (issue 18). Without parameters: the newest CLIENT_PAGE.default, which
 * the pickers offer; the clients screen searches and pages on the server.
 */
export const clientsQuery = (params: ClientListParams = {}) =>
  queryOptions({
    queryKey: [...clientKeys.lists, params] as const,
    queryFn: () => {
      const search = new URLSearchParams({
        limit: String(CLIENT_PAGE.default),
        offset: String(params.offset ?? 0),
        sort: params.sort ?? 'newest',
      });
      if (params.q?.trim()) search.set('q', params.q.trim());
      if (params.role) search.set('role', params.role);
      if (params.exclude) search.set('exclude', params.exclude);
      return api.page<ClientRow>(`${base}?${search}`);
    },
    placeholderData: keepPreviousData,
  });

export const clientQuery = (id: string) =>
  queryOptions({
    queryKey: clientKeys.one(id),
    queryFn: () => clientCalls.get(id),
  });

export const overviewQuery = (id: string) =>
  queryOptions({
    queryKey: clientKeys.overview(id),
    queryFn: () => api.get<BillingOverview>(`/api/admin/billing/${enc(id)}/overview`),
  });

export const clientCalls = {
  get: (id: string) => api.get<User>(`${base}/${enc(id)}`),
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
      void queryClient.invalidateQueries({ queryKey: clientKeys.lists });
    },
  });
}
