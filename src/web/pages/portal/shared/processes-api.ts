import { queryOptions } from '@tanstack/react-query';
import type { MyProcess } from '#shared/processes.ts';
import type { RunHistory } from '#shared/runs.ts';
import { api, responseError } from '#web/lib/api.ts';

// The portal's process calls (SPEC §7 Client portal) and their cache keys.

export type RunFilter = 'all' | 'ok' | 'failed';

const enc = encodeURIComponent;

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
      const data = await api.get<unknown>('/api/n8n/my-processes', { signal });
      return Array.isArray(data) ? (data as MyProcess[]) : [];
    },
  });

export const runsQuery = (processId: string, filter: RunFilter) =>
  queryOptions({
    queryKey: myProcessKeys.runs(processId, filter),
    queryFn: ({ signal }) =>
      api.get<RunHistory>(
        `/api/n8n/processes/${enc(processId)}/runs${filter === 'all' ? '' : `?status=${filter}`}`,
        { signal },
      ),
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
  const response = await api.raw(
    'POST',
    `/api/n8n/trigger/${enc(processId)}`,
    inputs ? { inputs } : undefined,
    { headers: { 'content-type': 'application/json' } },
  );
  // Refused inputs come back on the Run dialog's fields, not as a notice.
  if (inputs && response.status === 400) throw await responseError(response);
  return { status: response.status, ok: response.ok, body: await response.text() };
}
