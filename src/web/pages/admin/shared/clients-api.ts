import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { clientsApi } from '#shared/api/clients.ts';
import { impersonationApi } from '#shared/api/impersonation.ts';
import type { BodyOf } from '#shared/api/route.ts';
import { CLIENT_PAGE, type ClientSort } from '#shared/clients.ts';
import type { Role, SubscriptionStatus, User } from '#shared/user.ts';
import { callApi, callApiPage } from '#web/lib/call-api.ts';

// The admin client calls (SPEC §7 Admin) with their cache keys. Every change answers
// with the updated client, which replaces the cached record; the list is refetched.

export const clientKeys = {
  all: ['admin', 'clients'] as const,
  /** Every page of the list, whatever its search. */
  lists: ['admin', 'clients', 'list'] as const,
  one: (id: string) => ['admin', 'clients', id] as const,
  overview: (id: string) => ['admin', 'billing', id, 'overview'] as const,
  team: (id: string) => ['admin', 'clients', id, 'team'] as const,
};

export interface ClientListParams {
  q?: string;
  role?: Role | '';
  /** Leave one role out: the clients screen and the pickers leave the admins out. */
  exclude?: Role;
  sort?: ClientSort;
}

/**
 * A page of accounts. Without parameters: the newest CLIENT_PAGE.default, which
 * the pickers offer; the clients screen searches and pages on the server.
 */
export const clientsQuery = (params: ClientListParams = {}) =>
  queryOptions({
    queryKey: [...clientKeys.lists, params] as const,
    queryFn: () =>
      callApiPage(clientsApi.list, {
        query: {
          limit: CLIENT_PAGE.default,
          sort: params.sort ?? 'newest',
          q: params.q?.trim() || undefined,
          role: params.role || undefined,
          exclude: params.exclude,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const clientQuery = (id: string) =>
  queryOptions({
    queryKey: clientKeys.one(id),
    queryFn: () => clientCalls.get(id),
  });

export const clientTeamQuery = (id: string) =>
  queryOptions({
    queryKey: clientKeys.team(id),
    queryFn: () => callApi(clientsApi.team, { params: { id } }),
  });

export const overviewQuery = (id: string) =>
  queryOptions({
    queryKey: clientKeys.overview(id),
    queryFn: () => callApi(clientsApi.billingOverview, { params: { id } }),
  });

export const clientCalls = {
  get: (id: string) => callApi(clientsApi.read, { params: { id } }),
  update: (id: string, body: BodyOf<typeof clientsApi.update>) =>
    callApi(clientsApi.update, { params: { id }, body }),
  company: (id: string, body: BodyOf<typeof clientsApi.company>) =>
    callApi(clientsApi.company, { params: { id }, body }),
  allowedIps: (id: string, ips: string[]) =>
    callApi(clientsApi.allowedIps, { params: { id }, body: { ips } }),
  integrationKey: (id: string, n8nWebhookKey: string | null) =>
    callApi(clientsApi.integrationKey, { params: { id }, body: { n8nWebhookKey } }),
  resetPassword: (id: string, newPassword: string) =>
    callApi(clientsApi.resetPassword, { params: { id }, body: { newPassword } }),
  mockStatus: (id: string, status: SubscriptionStatus) =>
    callApi(clientsApi.mockStatus, { params: { id }, body: { status } }),
  impersonate: (id: string) => callApi(impersonationApi.start, { params: { id } }),
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
