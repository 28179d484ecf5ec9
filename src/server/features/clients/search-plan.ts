import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { wordsOf } from '#server/db/search.ts';

// A rare search of the accounts is read through the trigram indexes on name, e-mail,
// company and code. The planner prices four GIN indexes above reading 10,000 accounts,
// yet matching each account's four columns with ILIKE took 180 ms on PGlite; so, as the
// audit log and the enquiries do (docs/decisions/018-run-rollups.md), the planner's own
// estimate of the matches decides, and a rare search is read with the other ways through
// the table (a sequential scan, or newest first until a page is full, which for a rare
// word is every account) priced out inside its transaction. A common word is read newest
// first until a page is full.
// (The enquiries feature has the same few lines: a shared home in db/search.ts would
// serve both and the audit log's estimate.)

/** Under this many matches (the planner's estimate) a search goes through the indexes. */
const RARE_MATCHES = 2_000;

async function estimatedMatches(db: Db, where: SQL): Promise<number> {
  const explained = (await db.execute(
    sql`explain (format json) ${db.select({ one: sql`1` }).from(users).where(where)}`,
  )) as { rows: Record<string, unknown>[] };
  const plan = Object.values(explained.rows[0] ?? {})[0];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as
    | { Plan?: { 'Plan Rows'?: number } }[]
    | undefined;
  return parsed?.[0]?.Plan?.['Plan Rows'] ?? Number.POSITIVE_INFINITY;
}

/** Runs `read` through the indexes when the search `q` (matched by `matching`) is rare. */
export async function readAccountSearch<T>(
  db: Db,
  q: string | undefined,
  matching: SQL | undefined,
  read: (db: Db) => Promise<T>,
): Promise<T> {
  // A word of one or two letters has no trigram: only longer ones can use the indexes.
  const indexable = wordsOf(q).some((word) => word.length >= 3);
  if (!matching || !indexable || (await estimatedMatches(db, matching)) >= RARE_MATCHES) {
    return read(db);
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_indexscan = off`);
    return read(tx);
  });
}
