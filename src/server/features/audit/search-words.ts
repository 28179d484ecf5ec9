import { inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { auditLogs } from '#server/db/schema.ts';
import { estimatedRows, likePattern, wordsOf } from '#server/db/search.ts';

// The audit search's words (docs/decisions/018-run-rollups.md): each must be found in the
// entry's own text or name the person or process the entry is about. How a word is matched
// depends on how many entries hold it: a rare word through the trigram index, a common
// one entry by entry while reading newest first (bounded-search.ts).

/**
 * The entry's own text, exactly as the trigram index of migration 0020 holds it: a rare
 * word is found through the index instead of by reading every entry.
 */
export const auditOwnText = sql`(${auditLogs.message} || ' ' || ${auditLogs.source} || ' ' || ${auditLogs.level} || ' ' || coalesce(${auditLogs.userId}::text, '') || ' ' || coalesce(${auditLogs.processId}::text, '') || ' ' || coalesce(${auditLogs.ip}, '') || ' ' || coalesce(${auditLogs.details}::text, ''))`;

/** Past this many people or processes named by one word, they are matched by a subquery. */
const NAMED_IDS_MAX = 500;

export interface AuditSearchTuning {
  /**
   * Above this many entries (the planner's estimate), a word is matched while reading
   * entries newest first, not through the trigram index: intersecting the index's lists
   * for a word in nearly every entry ("event" in 3,000,000) cost 260 ms where reading
   * until a page is found costs a few.
   */
  commonWordRows: number;
  /**
   * Entries read at most by one request when every word is common: words that are each
   * common but rarely together ("failed 502") are looked for in this many entries, and
   * the next page goes on from there, so no request reads the whole log.
   */
  window: number;
}

export const defaultTuning: AuditSearchTuning = { commonWordRows: 20_000, window: 20_000 };

export interface SearchWord {
  /** `%word%`, lower case, LIKE's own characters taken literally. */
  pattern: string;
  /** The entries about a person or process the word names, by their indexed ids. */
  named: SQL | undefined;
  /** In more entries than `commonWordRows` (the planner's estimate). */
  common: boolean;
}

const estimatedEntries = (db: Db, pattern: string) =>
  estimatedRows(db, sql`select 1 from audit_logs where ${auditOwnText} ilike ${pattern}`);

/**
 * The people (name or e-mail) and processes a word names are looked up first, so the
 * entries are matched by their indexed ids, not by joining names for every entry.
 */
async function namedBy(db: Db, pattern: string): Promise<SQL | undefined> {
  const named = (await db.execute(sql`
    (select 'user' as kind, id from users where name ilike ${pattern} or email ilike ${pattern}
     limit ${NAMED_IDS_MAX + 1})
    union all
    (select 'process' as kind, id from processes where name ilike ${pattern}
     limit ${NAMED_IDS_MAX + 1})`)) as { rows: { kind: 'user' | 'process'; id: string }[] };
  const ids = (kind: 'user' | 'process') =>
    named.rows.filter((row) => row.kind === kind).map((row) => row.id);
  const userIds = ids('user');
  const processIds = ids('process');
  return or(
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
  );
}

/** The words of `q` (at most eight), each with what matching it needs. */
export function searchWordsOf(
  db: Db,
  q: string | undefined,
  tuning: AuditSearchTuning,
): Promise<SearchWord[]> {
  return Promise.all(
    wordsOf(q).map(async (word) => {
      const pattern = likePattern(word);
      const [named, estimate] = await Promise.all([
        namedBy(db, pattern),
        estimatedEntries(db, pattern),
      ]);
      return { pattern, named, common: estimate > tuning.commonWordRows };
    }),
  );
}

/**
 * The word matched through the indexes: a rare word by the trigram index (the query's
 * expression must be the index's to the letter); a common one with `|| ''`, which is not
 * the indexed expression, so the planner checks it entry by entry instead.
 */
export const indexedMatch = (word: SearchWord): SQL =>
  or(
    sql`${word.common ? sql`(${auditOwnText} || '')` : auditOwnText} ilike ${word.pattern}`,
    word.named,
  ) as SQL;

/**
 * The word matched in an entry read newest first, against its own text already lowered
 * once (`own_text`): LIKE on lowered text costs far less than ILIKE for every word.
 */
export const readMatch = (word: SearchWord, ownTextLowered: SQL): SQL =>
  or(sql`${ownTextLowered} like lower(${word.pattern})`, word.named) as SQL;
