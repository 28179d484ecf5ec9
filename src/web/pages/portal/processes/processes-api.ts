import { queryOptions } from '@tanstack/react-query';
import type { ClientProcess } from '#shared/processes.ts';
import { api } from '#web/lib/api.ts';

// The portal's process calls (SPEC §7 Client portal) and their cache keys. The shapes
// follow src/server/features/processes/client-routes.ts.

export type RunTrigger = 'manual' | 'schedule' | 'test';
/** running → finished; interrupted when the server stopped before the webhook answered. */
export type RunState = 'running' | 'finished' | 'interrupted';

export interface LastRun {
  startedAt: string;
  state: RunState;
  /** Null while running. */
  ok: boolean | null;
  statusCode: number | null;
  trigger: RunTrigger;
}

export interface MyProcess extends ClientProcess {
  lastRun: LastRun | null;
}

export interface Run {
  _id: string;
  processId: string;
  trigger: RunTrigger;
  triggeredBy: string | null;
  triggeredByName: string | null;
  startedAt: string;
  state: RunState;
  finishedAt: string | null;
  /** Null while running. */
  durationMs: number | null;
  statusCode: number | null;
  ok: boolean | null;
  error: string | null;
  bodySnippet: string | null;
}

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
      api.get<{ retentionDays: number; runs: Run[] }>(
        `/api/n8n/processes/${enc(processId)}/runs${filter === 'all' ? '' : `?status=${filter}`}`,
        { signal },
      ),
  });

/**
 * POST /api/n8n/trigger/{id}: JSON content type, no body, the answer read as text
 * (SPEC §7), whatever its status.
 */
export async function triggerProcess(processId: string) {
  const response = await api.raw('POST', `/api/n8n/trigger/${enc(processId)}`, undefined, {
    headers: { 'content-type': 'application/json' },
  });
  return { status: response.status, ok: response.ok, body: await response.text() };
}
