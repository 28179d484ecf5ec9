import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminRunsQuery } from '#shared/admin-runs.ts';
import { adminRunsApi } from '#shared/api/admin-runs.ts';
import { callApi } from '#web/lib/call-api.ts';

// Every client's runs: one page of 50 after a cursor, for the filters in the address.

export type RunsFilter = Omit<AdminRunsQuery, 'cursor'>;

export const runsKeys = {
  all: ['admin', 'runs'] as const,
  page: (filter: RunsFilter, cursor: string | null) =>
    ['admin', 'runs', filter, cursor ?? ''] as const,
};

export const runsPageQuery = (filter: RunsFilter, cursor: string | null) =>
  queryOptions({
    queryKey: runsKeys.page(filter, cursor),
    queryFn: () =>
      callApi(adminRunsApi.list, { query: { ...filter, cursor: cursor ?? undefined } }),
    // The page on screen stays until the next one arrives, so paging does not flash.
    placeholderData: keepPreviousData,
  });
