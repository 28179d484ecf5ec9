import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AnalyticsOverview, AnalyticsPeriod, TopProcess, Usage } from '#shared/analytics.ts';
import { api } from '#web/lib/api.ts';

// The admin analytics calls (SPEC §7 Admin) and their cache keys.

export interface AnalyticsWindow {
  days: number;
  period: AnalyticsPeriod;
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
  usage: (w: AnalyticsWindow, offset: number) =>
    ['admin', 'analytics', 'usage', w.days, w.period, offset] as const,
};

export const overviewQuery = () =>
  queryOptions({
    queryKey: analyticsKeys.overview,
    queryFn: () => api.get<AnalyticsOverview>(`${base}/overview`),
  });

export const topProcessesQuery = (range: AnalyticsWindow) =>
  queryOptions({
    queryKey: analyticsKeys.top(range),
    queryFn: () =>
      api.get<TopProcess[]>(`${base}/top-processes?${search(range)}&limit=${range.top}`),
  });

/** Usage rows per screen (the server answers up to 1,000): a table one can read through. */
export const USAGE_PAGE_SIZE = 100;

export const usageQuery = (range: AnalyticsWindow, offset = 0) =>
  queryOptions({
    queryKey: analyticsKeys.usage(range, offset),
    queryFn: () =>
      api.get<Usage>(`${base}/usage?${search(range)}&limit=${USAGE_PAGE_SIZE}&offset=${offset}`),
    // The chart and the previous page stay on screen while the next page loads.
    placeholderData: keepPreviousData,
  });
