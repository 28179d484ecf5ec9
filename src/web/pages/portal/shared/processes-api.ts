import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { processesApi } from '#shared/api/processes.ts';
import type { RunHistory } from '#shared/runs.ts';
import { responseError } from '#web/lib/api.ts';
import { callApi, callApiRaw } from '#web/lib/call-api.ts';

// The portal's process calls (SPEC §7 Client portal) and their cache keys.

export type RunFilter = 'all' | 'ok' | 'failed';

export const myProcessKeys = {
  all: ['portal', 'processes'] as const,
  runs: (processId: string, filter: RunFilter) =>
    ['portal', 'processes', processId, 'runs', filter] as const,
};

export const myProcessesQuery = () =>
  queryOptions({
    queryKey: myProcessKeys.all,
    // SPEC §7: a non-array answer counts as an empty list.
    queryFn: async ({ signal }) => {
      const data = await callApi(processesApi.mine, {}, { signal });
      return Array.isArray(data) ? data : [];
    },
  });

/** Runs per page of the history; older ones come on demand. */
export const RUN_PAGE_SIZE = 100;

export const runsQuery = (processId: string, filter: RunFilter) =>
  infiniteQueryOptions({
    queryKey: myProcessKeys.runs(processId, filter),
    queryFn: ({ signal, pageParam }) =>
      callApi(
        processesApi.runs,
        {
          params: { processId },
          query: {
            limit: RUN_PAGE_SIZE,
            status: filter === 'all' ? undefined : filter,
            before: pageParam ?? undefined,
          },
        },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    select: (data): RunHistory => ({
      retentionDays: data.pages[0]?.retentionDays ?? 0,
      runs: data.pages.flatMap((page) => page.runs),
      nextCursor: data.pages.at(-1)?.nextCursor ?? null,
    }),
  });

/** How the webhook (or the server) answered Run, read as text whatever its status. */
export interface TriggerAnswer {
  status: number;
  ok: boolean;
  body: string;
}

/**
 * POST /api/n8n/trigger/{id}: JSON content type and no body (SPEC §7), or `{ inputs }`
 * for a process with inputs; the answer read as text (SPEC §7), whatever its status.
 */
export async function triggerProcess(
  processId: string,
  inputs?: Record<string, unknown>,
): Promise<TriggerAnswer> {
  const response = await callApiRaw(
    processesApi.trigger,
    { params: { processId }, body: inputs ? { inputs } : undefined },
    { headers: { 'content-type': 'application/json' } },
  );
  // Refused inputs come back on the Run dialog's fields, not as a notice.
  if (inputs && response.status === 400) throw await responseError(response);
  return { status: response.status, ok: response.ok, body: await response.text() };
}
