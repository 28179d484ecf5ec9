import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { clientsApi } from '#shared/api/clients.ts';
import { CLIENT_PAGE, type ClientRow, type ClientSort } from '#shared/clients.ts';
import { keysetPageOf } from '#shared/paging.ts';
import type { Role } from '#shared/user.ts';
import { responseError } from '#web/lib/api.ts';
import { callApiRaw } from '#web/lib/call-api.ts';
import { clientKeys } from '../shared/clients-api.ts';

// The clients screen's pages (GET /api/admin/clients): the first page of a search, role
// and order, or the accounts after the cursor the page before gave. Cached under the
// list's key, so a change to a client refetches it as it does the pickers' lists.

export interface ClientPageParams {
  q: string;
  role?: Role;
  exclude?: Role;
  sort: ClientSort;
  after: string | null;
}

export const clientPageQuery = (params: ClientPageParams) =>
  queryOptions({
    queryKey: [...clientKeys.lists, 'page', params] as const,
    queryFn: async () => {
      const response = await callApiRaw(clientsApi.list, {
        query: {
          limit: CLIENT_PAGE.default,
          q: params.q || undefined,
          role: params.role,
          exclude: params.exclude,
          sort: params.sort,
          after: params.after ?? undefined,
        },
      });
      if (!response.ok) throw await responseError(response);
      return keysetPageOf((await response.json()) as ClientRow[], response.headers);
    },
    // The page on screen stays until the next one arrives, so paging does not flash.
    placeholderData: keepPreviousData,
  });
