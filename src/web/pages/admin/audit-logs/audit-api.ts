import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { auditApi } from '#shared/api/audit.ts';
import type { AuditEntry, AuditLevel } from '#shared/audit.ts';
import { pageHeaders } from '#shared/paging.ts';
import { responseError } from '#web/lib/api.ts';
import { callApi, callApiRaw } from '#web/lib/call-api.ts';

// The audit log (SPEC §7, §9: limit 500) with the search words and older pages, and the
// list of sources recorded. The next page starts at the X-Next-Cursor the server answered:
// after the last entry shown, or, for a search whose words are all common, after the last
// entry the server read (it reads a bounded number of entries a request, so a page can
// hold fewer matches than the limit and still not be the last; docs/decisions/018).

export const AUDIT_FETCH_LIMIT = 500;

export interface ServerFilter {
  level: AuditLevel | '';
  source: string;
  /** Search words, matched on the server too, so older entries are found. */
  q?: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** Where the next page starts (a cursor, passed back untouched); null on the last page. */
  next: string | null;
}

/** What the pages loaded so far hold, and how far back the server has looked. */
export interface AuditPages {
  entries: AuditEntry[];
  /**
   * The time of the oldest entry the server has read, when older ones remain (ISO, to the
   * millisecond); null once the whole log has been read.
   */
  readBackTo: string | null;
  /** The last page came back short of the limit: the server stopped reading, not matching. */
  stoppedReading: boolean;
}

export const auditKeys = {
  all: ['admin', 'audit-logs'] as const,
  list: (f: ServerFilter) => ['admin', 'audit-logs', 'list', f.level, f.source, f.q ?? ''] as const,
  sources: ['admin', 'audit-logs', 'sources'] as const,
};

/** The time a cursor names (`<time to the microsecond>|<id>`), to the millisecond. */
export const cursorTime = (cursor: string) => `${cursor.slice(0, 23)}Z`;

export function pagesOf(pages: readonly AuditPage[]): AuditPages {
  const last = pages.at(-1);
  return {
    entries: pages.flatMap((page) => page.entries),
    readBackTo: last?.next ? cursorTime(last.next) : null,
    stoppedReading: Boolean(last?.next) && (last?.entries.length ?? 0) < AUDIT_FETCH_LIMIT,
  };
}

async function fetchPage(filter: ServerFilter, before: string | null): Promise<AuditPage> {
  const response = await callApiRaw(auditApi.list, {
    query: {
      limit: AUDIT_FETCH_LIMIT,
      level: filter.level,
      source: filter.source,
      q: filter.q?.trim() || undefined,
      before: before ?? undefined,
    },
  });
  if (!response.ok) throw await responseError(response);
  const entries = (await response.json()) as AuditEntry[];
  return { entries, next: response.headers.get(pageHeaders.nextCursor) };
}

/** Pages of 500, newest first. */
export const auditLogsQuery = (filter: ServerFilter) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(filter),
    queryFn: ({ pageParam }) => fetchPage(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    select: (data) => pagesOf(data.pages),
    // Changing a filter keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export const auditSourcesQuery = () =>
  queryOptions({
    queryKey: auditKeys.sources,
    queryFn: () => callApi(auditApi.sources),
  });
