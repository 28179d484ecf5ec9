import { queryOptions } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

// GET /api/client/analytics (src/server/features/analytics/client-routes.ts).

export interface DayStats {
  /** YYYY-MM-DD, UTC. */
  date: string;
  runs: number;
  failures: number;
}

export interface ProcessStats {
  processId: string;
  name: string;
  runs: number;
  failures: number;
  /** ok is null while the run is under way. */
  lastRun: { startedAt: string; ok: boolean | null } | null;
}

export interface ClientAnalytics {
  retentionDays: number;
  since: string;
  byDay: DayStats[];
  byProcess: ProcessStats[];
}

export const clientAnalyticsQuery = () =>
  queryOptions({
    queryKey: ['portal', 'analytics'] as const,
    queryFn: ({ signal }) => api.get<ClientAnalytics>('/api/client/analytics', { signal }),
  });
