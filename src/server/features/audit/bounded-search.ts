import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { exactTime } from '#server/db/keyset.ts';
import { auditLogs } from '#server/db/schema.ts';
import type { AuditLevel } from '#shared/audit.ts';
import { auditOwnText, readMatch, type SearchWord } from './search-words.ts';

// A search for words found in many entries ("signed", "failed 502"): entries are read newest
// first along the created_at index and checked one by one, but never more than `window` of
// them in one request. The page ends at `limit` matches or at the window's last entry,
// whichever comes first, and the answer says where the reading stopped, so the next page
// goes on from there. The planner cannot estimate how many entries hold the words, so it
// has no reason to prefer reading all of them; the window's LIMIT makes the read bounded
// whatever it thinks (docs/decisions/018-run-rollups.md).

/** One row of the bounded read: an entry, or only the window's last entry (the marker). */
export interface ScannedRow {
  id: string;
  at: string;
  level: AuditLevel;
  source: string;
  message: string;
  user_id: string | null;
  actor_id: string | null;
  process_id: string | null;
  ip: string | null;
  details: Record<string, unknown> | null;
  user_name: string | null;
  process_name: string | null;
  /** The entry holds every word. */
  hit: boolean;
  /** The last entry the window read: the next page starts after it. */
  last_read: boolean;
}

export interface BoundedRead {
  /** Level, source and position conditions: they pick which entries the window walks. */
  scope: SQL | undefined;
  /** The words: they pick which of the entries read are answered. */
  words: SearchWord[];
  /** Matches answered at most: one more is read to know that more follow. */
  limit: number;
  /** Entries read at most. */
  window: number;
}

/**
 * The entries of the window that hold the words, newest first (up to `limit + 1`), and
 * the window's last entry when the read got that far.
 */
export function boundedSearchQuery(read: BoundedRead): SQL {
  // The window is named audit_logs so the word conditions, written against the table's
  // columns, read the window's rows; each entry's text is built and lowered once.
  const ownText = sql.raw('audit_logs.own_text');
  const words = and(...read.words.map((word) => readMatch(word, ownText))) ?? sql`true`;
  return sql`
    select found.id, found.at, found.level, found.source, found.message, found.user_id,
           found.actor_id, found.process_id, found.ip, found.details, found.hit,
           found.seq = ${read.window} as last_read,
           -- Looked up for the page's entries only, each by its primary key.
           (select coalesce(nullif(trim(u.name), ''), u.email) from users u
            where u.id = found.user_id) as user_name,
           (select p.name from processes p where p.id = found.process_id) as process_name
    from (
      select numbered.* from (
        select audit_logs.*, ${exactTime(auditLogs.createdAt)} as at, (${words}) as hit,
               row_number() over (order by audit_logs.created_at desc, audit_logs.id desc) as seq
        from (
          select *, lower(${auditOwnText}) as own_text from audit_logs
          ${read.scope ? sql`where ${read.scope}` : sql``}
          order by created_at desc, id desc
          limit ${read.window}
        ) as audit_logs
      ) as numbered
      where numbered.hit or numbered.seq = ${read.window}
      order by numbered.created_at desc, numbered.id desc
      limit ${read.limit + 1}
    ) as found
    order by found.created_at desc, found.id desc`;
}

export async function boundedSearch(db: Db, read: BoundedRead): Promise<ScannedRow[]> {
  const result = (await db.execute(boundedSearchQuery(read))) as { rows: ScannedRow[] };
  return result.rows;
}
