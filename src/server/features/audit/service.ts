import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  cursorOf,
  exactTime,
  type KeysetPosition,
  keysetPage,
  pastPosition,
} from '#server/db/keyset.ts';
import { auditLogs, processes, users } from '#server/db/schema.ts';
import type { AuditEntry, AuditLevel } from '#shared/audit.ts';
import { boundedSearch } from './bounded-search.ts';
import {
  type AuditSearchTuning,
  defaultTuning,
  indexedMatch,
  type SearchWord,
  searchWordsOf,
} from './search-words.ts';

// Reading the audit log for the admin screen: newest first, filtered by level, source and
// search words on the server, a page at a time (before the last entry shown, named by its
// cursor: its exact time and id, db/keyset.ts), with the user's and the process's names
// beside the spec's ids.

export interface AuditFilter {
  limit: number;
  level?: AuditLevel | '';
  source?: string;
  /** Words that must all appear somewhere in the entry, across every page. */
  q?: string;
  /** Entries older than this one (an entry's cursor): the next page. */
  before?: KeysetPosition;
}

const userName = sql<string | null>`coalesce(nullif(trim(${users.name}), ''), ${users.email})`;

/** A page of the log, and where the next one starts (null when none follows). */
export interface AuditPage {
  entries: AuditEntry[];
  nextCursor: string | null;
}

interface EntryRow {
  id: string;
  at: string;
  level: AuditLevel;
  source: string;
  message: string;
  userId: string | null;
  actorId: string | null;
  processId: string | null;
  ip: string | null;
  details: Record<string, unknown> | null;
  userName: string | null;
  processName: string | null;
}

const entryOf = ({ id, at, ...rest }: EntryRow): AuditEntry => ({
  _id: id,
  // The spec's time to the millisecond: the microsecond text cut, as a Date would cut it.
  createdAt: `${at.slice(0, 23)}Z`,
  ...rest,
  cursor: cursorOf({ at, id }),
});

/**
 * Newest first, `limit` at a time. When every search word is common, the entries are
 * read along the created_at index a window at a time (bounded-search.ts): the page may
 * then hold fewer than `limit` matches and still have a next page, which starts where the
 * window stopped. Otherwise the indexes find the matches (a rare word through the trigram
 * index, level and source through theirs) and the page is whole.
 */
export async function listAuditEntries(
  db: Db,
  filter: AuditFilter,
  tuning: AuditSearchTuning = defaultTuning,
): Promise<AuditPage> {
  const words = await searchWordsOf(db, filter.q, tuning);
  const scope = and(
    filter.level ? eq(auditLogs.level, filter.level) : undefined,
    filter.source ? eq(auditLogs.source, filter.source) : undefined,
    filter.before
      ? pastPosition(auditLogs.createdAt, auditLogs.id, filter.before, 'older')
      : undefined,
  );
  if (words.length > 0 && words.every((word) => word.common)) {
    return windowedPage(db, filter.limit, tuning.window, scope, words);
  }
  return indexedPage(db, filter.limit, and(scope, ...words.map(indexedMatch)));
}

async function windowedPage(
  db: Db,
  limit: number,
  window: number,
  scope: SQL | undefined,
  words: SearchWord[],
): Promise<AuditPage> {
  const rows = await boundedSearch(db, { scope, words, limit, window });
  const matches = rows.filter((row) => row.hit);
  const entries = matches.slice(0, limit).map((row) =>
    entryOf({
      id: row.id,
      at: row.at,
      level: row.level,
      source: row.source,
      message: row.message,
      userId: row.user_id,
      actorId: row.actor_id,
      processId: row.process_id,
      ip: row.ip,
      details: row.details,
      userName: row.user_name,
      processName: row.process_name,
    }),
  );
  const lastRead = rows.find((row) => row.last_read);
  // More matches than the page holds: the next page starts after its last one. Else, if
  // the window was read to its end, after the window's last entry (matching or not).
  const nextCursor =
    matches.length > limit
      ? (entries.at(-1)?.cursor ?? null)
      : lastRead
        ? cursorOf({ at: lastRead.at, id: lastRead.id })
        : null;
  return { entries, nextCursor };
}

async function indexedPage(db: Db, limit: number, where: SQL | undefined): Promise<AuditPage> {
  const rows = await db
    .select({
      entry: auditLogs,
      at: exactTime(auditLogs.createdAt),
      userName,
      processName: processes.name,
    })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.userId))
    .leftJoin(processes, eq(processes.id, auditLogs.processId))
    .where(where)
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(limit + 1);
  const { page, nextCursor } = keysetPage(rows, limit, (row) => ({
    at: row.at,
    id: row.entry.id,
  }));
  return {
    entries: page.map(({ entry: { createdAt: _asDate, ...entry }, at, userName, processName }) =>
      entryOf({ ...entry, at, userName, processName }),
    ),
    nextCursor,
  };
}

/**
 * Every source ever recorded, so the page's filter offers them all: a skip scan of the
 * (source, created_at) index, one lookup per source, not a scan of every entry.
 */
export async function listAuditSources(db: Db): Promise<string[]> {
  const result = (await db.execute(sql`
    with recursive found(source) as (
      (select source from audit_logs order by source limit 1)
      union all
      select (select a.source from audit_logs a where a.source > found.source
              order by a.source limit 1)
      from found where found.source is not null
    )
    select source from found where source is not null`)) as { rows: { source: string }[] };
  return result.rows.map((row) => row.source);
}
