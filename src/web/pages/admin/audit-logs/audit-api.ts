import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditEntry, AuditLevel, AuditSources } from '#shared/audit.ts';
import { api } from '#web/lib/api.ts';

// GET /api/admin/audit-logs?limit=500&level=&source= (SPEC §7, §9: limit 500) with the
// search words and older pages (issue 18), and the list of sources recorded.

export const AUDIT_FETCH_LIMIT = 500;

export interface ServerFilter {
  level: AuditLevel | '';
  source: string;
  /** Search words, matched on the server too (issue 18), so older entries are found. */
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
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({
        limit: String(AUDIT_FETCH_LIMIT),
        level: filter.level,
        source: filter.source,
      });
      if (filter.q?.trim()) query.set('q', filter.q.trim());
      if (pageParam) query.set('before', pageParam);
      return api.get<AuditEntry[]>(`/api/admin/audit-logs?${query}`);
    },
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
    queryFn: () => api.get<AuditSources>('/api/admin/audit-logs/sources'),
  });
