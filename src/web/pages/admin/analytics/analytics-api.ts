import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AnalyticsPeriod } from '#shared/analytics.ts';
import { analyticsApi } from '#shared/api/analytics.ts';
import { callApi } from '#web/lib/call-api.ts';

// The admin analytics calls (SPEC §7 Admin) and their cache keys.

export interface AnalyticsWindow {
  days: number;
  period: AnalyticsPeriod;
  /** How many of the busiest processes to list. */
  top: number;
}

export const analyticsKeys = {
  all: ['admin', 'analytics'] as const,
  overview: ['admin', 'analytics', 'overview'] as const,
  top: (w: AnalyticsWindow) => ['admin', 'analytics', 'top', w.days, w.top] as const,
  usage: (w: AnalyticsWindow, cursor: string | null) =>
    ['admin', 'analytics', 'usage', w.days, w.period, cursor ?? ''] as const,
};

export const overviewQuery = () =>
  queryOptions({
    queryKey: analyticsKeys.overview,
    queryFn: () => callApi(analyticsApi.overview),
  });

export const topProcessesQuery = (range: AnalyticsWindow) =>
  queryOptions({
    queryKey: analyticsKeys.top(range),
    queryFn: () =>
      callApi(analyticsApi.topProcesses, {
        query: { days: range.days, period: range.period, limit: range.top },
      }),
  });

/** Usage rows per screen (the server answers up to 1,000): a table one can read through. */
export const USAGE_PAGE_SIZE = 100;

/** A page of usage rows: the first (cursor null) or the one after a page's nextCursor. */
export const usageQuery = (range: AnalyticsWindow, cursor: string | null) =>
  queryOptions({
    queryKey: analyticsKeys.usage(range, cursor),
    queryFn: () =>
      callApi(analyticsApi.usage, {
        query: {
          days: range.days,
          period: range.period,
          limit: USAGE_PAGE_SIZE,
          cursor: cursor ?? undefined,
        },
      }),
    // The chart and the previous page stay on screen while the next page loads.
    placeholderData: keepPreviousData,
  });
