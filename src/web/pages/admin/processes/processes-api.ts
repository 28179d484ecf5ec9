import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  type AdminProcessListItem,
  type ProcessSort,
  processesApi,
} from '#shared/api/processes.ts';
import type { BodyOf } from '#shared/api/route.ts';
import { keysetPageOf } from '#shared/paging.ts';
import { PROCESS_PAGE } from '#shared/processes.ts';
import { responseError } from '#web/lib/api.ts';
import { callApi, callApiRaw } from '#web/lib/call-api.ts';

// The admin process calls (SPEC §7 Admin) and their cache key.

export const processKeys = { all: ['admin', 'processes'] as const };

/** Processes per page of the admin list (the server's default page). */
export const PROCESS_PAGE_SIZE = PROCESS_PAGE.default;

/** A page of processes: the first, or the one after the cursor the page before gave. */
export const processesQuery = (
  params: { clientUserId?: string; after?: string | null; sort?: ProcessSort } = {},
) =>
  queryOptions({
    queryKey: [...processKeys.all, params] as const,
    queryFn: async () => {
      const response = await callApiRaw(processesApi.list, {
        query: {
          limit: PROCESS_PAGE_SIZE,
          // No filter chosen is an empty string: leave it out.
          clientUserId: params.clientUserId || undefined,
          sort: params.sort ?? 'newest',
          after: params.after ?? undefined,
        },
      });
      if (!response.ok) throw await responseError(response);
      return keysetPageOf((await response.json()) as AdminProcessListItem[], response.headers);
    },
    placeholderData: keepPreviousData,
  });

/** Whether runs are confirmed against n8n's executions: set at start, so asked once. */
export const confirmationQuery = queryOptions({
  queryKey: [...processKeys.all, 'confirmation'] as const,
  queryFn: () => callApi(processesApi.confirmation, {}),
  staleTime: Number.POSITIVE_INFINITY,
});

export const processCalls = {
  create: (body: BodyOf<typeof processesApi.create>) => callApi(processesApi.create, { body }),
  update: (id: string, body: BodyOf<typeof processesApi.update>) =>
    callApi(processesApi.update, { params: { id }, body }),
  test: (id: string) => callApi(processesApi.test, { params: { id } }),
};
