import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { auditApi } from '#shared/api/audit.ts';
import type { AuditLevel } from '#shared/audit.ts';
import { callApi } from '#web/lib/call-api.ts';

// The audit log (SPEC §7, §9: limit 500) with the search words and older pages, and the
// list of sources recorded.

export const AUDIT_FETCH_LIMIT = 500;

export interface ServerFilter {
  level: AuditLevel | '';
  source: string;
  /** Search words, matched on the server too, so older entries are found. */
  q?: string;
}

export const auditKeys = {
  all: ['admin', 'audit-logs'] as const,
  list: (f: ServerFilter) => ['admin', 'audit-logs', 'list', f.level, f.source, f.q ?? ''] as const,
  sources: ['admin', 'audit-logs', 'sources'] as const,
};

/** Pages of 500, newest first; the next page starts before the last entry shown. */
export const auditLogsQuery = (filter: ServerFilter) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(filter),
    queryFn: ({ pageParam }) =>
      callApi(auditApi.list, {
        query: {
          limit: AUDIT_FETCH_LIMIT,
          level: filter.level,
          source: filter.source,
          q: filter.q?.trim() || undefined,
          before: pageParam ?? undefined,
        },
      }),
    initialPageParam: null as string | null,
    // The last entry's cursor names its time to the microsecond: handed back untouched.
    getNextPageParam: (page) =>
      page.length < AUDIT_FETCH_LIMIT ? null : (page.at(-1)?.cursor ?? null),
    select: (data) => data.pages.flat(),
    // Changing a filter keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export const auditSourcesQuery = () =>
  queryOptions({
    queryKey: auditKeys.sources,
    queryFn: () => callApi(auditApi.sources),
  });
