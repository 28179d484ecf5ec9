import { or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

// Searching a list: every word of the query found, case-insensitive, in one of the
// columns asked, with LIKE's own characters taken literally. Lists that page on the
// server search this way, and erasure finds an address in stored text the same way.

/** `%word%` with LIKE's own characters taken literally. */
export const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, '\\$&')}%`;

/** The words of a search (at most eight), lower-cased. */
export const wordsOf = (q: string | undefined) =>
  (q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);

/** Every word of `q` found in one of `columns` (case-insensitive); none when `q` is blank. */
export function searchWords(q: string | undefined, columns: unknown[]): SQL[] {
  return wordsOf(q).map(
    (word) => or(...columns.map((column) => sql`${column} ilike ${likePattern(word)}`)) as SQL,
  );
}

/** The planner's estimate of the rows a query returns (EXPLAIN: nothing is read). */
export async function estimatedRows(db: Db, query: SQLWrapper): Promise<number> {
  const explained = (await db.execute(sql`explain (format json) ${query}`)) as {
    rows: Record<string, unknown>[];
  };
  const plan = Object.values(explained.rows[0] ?? {})[0];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as
    | { Plan?: { 'Plan Rows'?: number } }[]
    | undefined;
  return parsed?.[0]?.Plan?.['Plan Rows'] ?? Number.POSITIVE_INFINITY;
}

/** Under this many matches (the planner's estimate) a search is read through its indexes. */
const RARE_MATCHES = 2_000;

/**
 * Runs `read` (a search's page and count of `table`, matched by `matching`) through the
 * trigram indexes when the planner expects few matches. The planner prices several GIN
 * indexes above reading the table (50,000 short enquiries: 2,077 against 5,100), yet
 * matching every row's columns with ILIKE took 0.35–1.3 s on PGlite and the indexes
 * 25–40 ms; so the planner's own estimate decides, and a rare search is read with the
 * other ways through the table (a sequential scan, or the newest first until a page is
 * full, which for a rare word is every row) priced out inside its transaction. A common
 * word is read newest first, and fills a page in a few rows (docs/decisions/030).
 */
export async function readSearch<T>(
  db: Db,
  search: { q: string | undefined; table: PgTable; matching: SQL | undefined },
  read: (db: Db) => Promise<T>,
): Promise<T> {
  // A word of one or two letters has no trigram: only longer ones can use the indexes.
  const indexable = wordsOf(search.q).some((word) => word.length >= 3);
  if (!search.matching || !indexable) return read(db);
  const matches = await estimatedRows(
    db,
    db.select({ one: sql`1` }).from(search.table).where(search.matching),
  );
  if (matches >= RARE_MATCHES) return read(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    return read(tx);
  });
}
