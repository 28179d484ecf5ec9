import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { cursorOf, exactTime, type KeysetPosition, pastPosition } from '#server/db/keyset.ts';
import { auditLogs, processes, users } from '#server/db/schema.ts';
import { likePattern, wordsOf } from '#server/db/search.ts';
import type { AuditEntry, AuditLevel } from '#shared/audit.ts';

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

/**
 * The entry's own text, exactly as the trigram index of migration 0020 holds it: a rare
 * word is found through the index instead of by reading every entry.
 */
export const auditOwnText = sql`(${auditLogs.message} || ' ' || ${auditLogs.source} || ' ' || ${auditLogs.level} || ' ' || coalesce(${auditLogs.userId}::text, '') || ' ' || coalesce(${auditLogs.processId}::text, '') || ' ' || coalesce(${auditLogs.ip}, '') || ' ' || coalesce(${auditLogs.details}::text, ''))`;

/** Past this many people or processes named by one word, they are matched by a join. */
const NAMED_IDS_MAX = 500;

/**
 * Above this many entries (the planner's estimate), a word is matched while reading
 * entries newest first, not through the trigram index: intersecting the index's lists for
 * a word in nearly every entry ("event" in 3,000,000) cost 260 ms where reading until a
 * page is found costs a few.
 */
const COMMON_WORD_ROWS = 20_000;

async function estimatedEntries(db: Db, pattern: string): Promise<number> {
  const explained = (await db.execute(
    sql`explain (format json) select 1 from audit_logs where ${auditOwnText} ilike ${pattern}`,
  )) as { rows: Record<string, unknown>[] };
  const plan = Object.values(explained.rows[0] ?? {})[0];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as
    | { Plan?: { 'Plan Rows'?: number } }[]
    | undefined;
  return parsed?.[0]?.Plan?.['Plan Rows'] ?? 0;
}

/**
 * One search word, found in the entry's own text or in the name (or e-mail) of the person
 * or process it is about. The people and processes a word names are looked up first, so
 * the entries are matched by their indexed ids, not by joining names for every entry.
 */
async function wordCondition(db: Db, word: string): Promise<SQL> {
  const pattern = likePattern(word);
  const [named, estimate] = await Promise.all([
    db.execute(sql`
      (select 'user' as kind, id from users where name ilike ${pattern} or email ilike ${pattern}
       limit ${NAMED_IDS_MAX + 1})
      union all
      (select 'process' as kind, id from processes where name ilike ${pattern}
       limit ${NAMED_IDS_MAX + 1})`) as Promise<{
      rows: { kind: 'user' | 'process'; id: string }[];
    }>,
    estimatedEntries(db, pattern),
  ]);
  const ids = (kind: 'user' | 'process') =>
    named.rows.filter((row) => row.kind === kind).map((row) => row.id);
  const userIds = ids('user');
  const processIds = ids('process');
  // `|| ''` is not the indexed expression: a common word is checked entry by entry.
  const ownText = estimate > COMMON_WORD_ROWS ? sql`(${auditOwnText} || '')` : auditOwnText;
  return or(
    sql`${ownText} ilike ${pattern}`,
    userIds.length > NAMED_IDS_MAX
      ? sql`${auditLogs.userId} in (select id from users where name ilike ${pattern} or email ilike ${pattern})`
      : userIds.length
        ? inArray(auditLogs.userId, userIds)
        : undefined,
    processIds.length > NAMED_IDS_MAX
      ? sql`${auditLogs.processId} in (select id from processes where name ilike ${pattern})`
      : processIds.length
        ? inArray(auditLogs.processId, processIds)
        : undefined,
  ) as SQL;
}

export async function listAuditEntries(db: Db, filter: AuditFilter): Promise<AuditEntry[]> {
  const conditions: SQL[] = await Promise.all(
    wordsOf(filter.q).map((word) => wordCondition(db, word)),
  );
  if (filter.level) conditions.push(eq(auditLogs.level, filter.level));
  if (filter.source) conditions.push(eq(auditLogs.source, filter.source));
  if (filter.before) {
    conditions.push(pastPosition(auditLogs.createdAt, auditLogs.id, filter.before, 'older'));
  }
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
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(filter.limit);
  return rows.map(({ entry: { id, createdAt, ...rest }, at, userName, processName }) => ({
    _id: id,
    createdAt: createdAt.toISOString(),
    ...rest,
    userName,
    processName,
    cursor: cursorOf({ at, id }),
  }));
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
