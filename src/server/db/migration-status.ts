import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

// Whether every committed migration is applied to the database (readiness, /readyz).
// drizzle-orm's migrator records each migration it applies as a row of
// drizzle.__drizzle_migrations whose created_at is the journal entry's `when`
// (drizzle-orm/pg-core/dialect.js, the same on PGlite and pg). A migration counts as
// applied when its row is there: that also catches one generated on a branch with an
// older `when` than the last applied, which drizzle's migrator would silently skip.

const JOURNAL = new URL('./migrations/meta/_journal.json', import.meta.url);

export interface CommittedMigration {
  tag: string;
  when: number;
}

let committed: CommittedMigration[] | undefined;

/** The migrations of this build, from the journal drizzle-kit writes (read once). */
export function committedMigrations(): CommittedMigration[] {
  committed ??= (
    JSON.parse(readFileSync(JOURNAL, 'utf8')) as { entries: CommittedMigration[] }
  ).entries.map(({ tag, when }) => ({ tag, when }));
  return committed;
}

type Rows<T> = { rows: T[] };

/** Tags of committed migrations the database has no record of, oldest first. */
export async function missingMigrations(db: Db): Promise<string[]> {
  const table = (await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  )) as unknown as Rows<{ present: boolean }>;
  const applied = new Set<number>();
  if (table.rows[0]?.present) {
    const result = (await db.execute(
      sql`select created_at from drizzle.__drizzle_migrations`,
    )) as unknown as Rows<{ created_at: string | number | bigint }>;
    for (const row of result.rows) applied.add(Number(row.created_at));
  }
  return committedMigrations()
    .filter((migration) => !applied.has(migration.when))
    .map((migration) => migration.tag);
}

/**
 * missingMigrations, remembering "none missing" once seen: migrations only arrive with a
 * new build (a restart), so after that a readiness probe costs one ping, not two queries.
 */
export function createMigrationCheck(db: Db) {
  let allApplied = false;
  return async (): Promise<string[]> => {
    if (allApplied) return [];
    const missing = await missingMigrations(db);
    allApplied = missing.length === 0;
    return missing;
  };
}
