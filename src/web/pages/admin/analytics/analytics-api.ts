import { queryOptions } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import type { Period } from './analytics-window.ts';

// The admin analytics calls (SPEC §7 Admin) and their cache keys. The shapes are those
// of src/server/features/analytics/admin-routes.ts: the spec's fields plus names.

export interface Overview {
  users: number;
  activeSubscriptions: number;
  totalRuns: number;
}

export interface TopProcess {
  _id: string;
  name: string;
  clientUserId: string;
  clientName: string;
  runs: number;
  fails: number;
}

export interface RunsPerPeriod {
  /** The first day of the period, YYYY-MM-DD. */
  _id: string;
  runs: number;
  fails: number;
}

export interface UsageRow {
  _id: string;
  period: string;
  clientUserId: string;
  clientName: string;
  processId: string;
  processName: string;
  executions: number;
  failures: number;
}

export interface Usage {
  runsAgg: RunsPerPeriod[];
  usage: UsageRow[];
}

export interface AnalyticsWindow {
  days: number;
  period: Period;
  /** How many of the busiest processes to list. */
  top: number;
}

const base = '/api/analytics';
const search = ({ days, period }: Pick<AnalyticsWindow, 'days' | 'period'>) =>
  new URLSearchParams({ days: String(days), period }).toString();

export const analyticsKeys = {
  all: ['admin', 'analytics'] as const,
  overview: ['admin', 'analytics', 'overview'] as const,
  top: (w: AnalyticsWindow) => ['admin', 'analytics', 'top', w.days, w.top] as const,
  usage: (w: AnalyticsWindow) => ['admin', 'analytics', 'usage', w.days, w.period] as const,
};

export const overviewQuery = () =>
  queryOptions({
    queryKey: analyticsKeys.overview,
    queryFn: () => api.get<Overview>(`${base}/overview`),
  });

export const topProcessesQuery = (range: AnalyticsWindow) =>
  queryOptions({
    queryKey: analyticsKeys.top(range),
    queryFn: () =>
      api.get<TopProcess[]>(`${base}/top-processes?${search(range)}&limit=${range.top}`),
  });

export const usageQuery = (range: AnalyticsWindow) =>
  queryOptions({
    queryKey: analyticsKeys.usage(range),
    queryFn: () => api.get<Usage>(`${base}/usage?${search(range)}`),
  });
