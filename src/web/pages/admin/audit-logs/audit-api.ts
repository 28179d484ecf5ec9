import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditEntry, AuditLevel, AuditSources } from '#shared/audit.ts';
import { api } from '#web/lib/api.ts';

// GET /api/admin/audit-logs?limit=500&level=&source= (SPEC §7, §9: limit 500) and the
// list of sources recorded.

export const AUDIT_FETCH_LIMIT = 500;

export interface ServerFilter {
  level: AuditLevel | '';
  source: string;
}

export const auditKeys = {
  all: ['admin', 'audit-logs'] as const,
  list: (f: ServerFilter) => ['admin', 'audit-logs', 'list', f.level, f.source] as const,
  sources: ['admin', 'audit-logs', 'sources'] as const,
};

export const auditLogsQuery = (filter: ServerFilter) =>
  queryOptions({
    queryKey: auditKeys.list(filter),
    queryFn: () => {
      const query = new URLSearchParams({
        limit: String(AUDIT_FETCH_LIMIT),
        level: filter.level,
        source: filter.source,
      });
      return api.get<AuditEntry[]>(`/api/admin/audit-logs?${query}`);
    },
    // Changing a filter keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export const auditSourcesQuery = () =>
  queryOptions({
    queryKey: auditKeys.sources,
    queryFn: () => api.get<AuditSources>('/api/admin/audit-logs/sources'),
  });
