import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

// Rows made in one statement, several to a millisecond and microseconds apart, as a claim
// of many due schedules or a burst of audit entries makes them. A list or an export that
// pages on a time must neither skip nor repeat the rows sharing the millisecond of a
// page's last row (a JavaScript Date keeps milliseconds, PostgreSQL microseconds): a walk
// through every page of a list (walkPages) gives each row once (repeatsOf finds any twice).

export interface Packing {
  count: number;
  /** Rows to a millisecond, spread over its microseconds (none on the millisecond itself). */
  perMs: number;
  /** The millisecond of the first row; later rows follow it. */
  base: Date;
}

/** The i-th row's time (i from generate_series), from the packing. */
const packedAt = ({ perMs, base }: Packing) =>
  sql`${base.toISOString()}::timestamptz
    + (i / ${perMs}::int) * interval '1 millisecond'
    + ((i % ${perMs}::int) * (1000 / ${perMs}::int) + 1) * interval '1 microsecond'`;

async function insertPacked(db: Db, into: SQL, values: SQL, packing: Packing) {
  await db.execute(
    sql`insert into ${into} select ${values}, ${packedAt(packing)}
        from generate_series(0, ${packing.count - 1}::int) as i`,
  );
}

/** Finished runs of one process; each run's durationMs is its number i. */
export const insertPackedRuns = (
  db: Db,
  run: { processId: string; clientUserId: string },
  packing: Packing,
) =>
  insertPacked(
    db,
    sql`runs (process_id, client_user_id, trigger, state, ok, status_code, duration_ms, started_at)`,
    sql`${run.processId}::uuid, ${run.clientUserId}::uuid, 'schedule', 'finished', true, 200, i`,
    packing,
  );

/** Audit entries "<prefix> i" about one person (or nobody), under one source. */
export const insertPackedAudit = (
  db: Db,
  entry: { source: string; prefix: string; userId?: string },
  packing: Packing,
) =>
  insertPacked(
    db,
    sql`audit_logs (level, source, message, user_id, created_at)`,
    sql`'info', ${entry.source}, ${entry.prefix}::text || ' ' || i, ${entry.userId ?? null}::uuid`,
    packing,
  );

/** Pending mail "<prefix> i" in the outbox. */
export const insertPackedMail = (db: Db, prefix: string, packing: Packing) =>
  insertPacked(
    db,
    sql`outbox (kind, "to", subject, text, created_at)`,
    sql`'enquiry', 'packed@example.test', ${prefix}::text || ' ' || i, 'Hello'`,
    packing,
  );

/** The values a walk through pages gave more than once (none, when every row came once). */
export function repeatsOf(values: readonly (string | number)[]) {
  const seen = new Set<string | number>();
  return values.filter((value) => {
    if (seen.has(value)) return true;
    seen.add(value);
    return false;
  });
}

/**
 * Every item of a list walked from its first page, each next page asked for with the
 * cursor the page before gave (`next`: null on the last page).
 */
export async function walkPages<Item>(
  page: (before: string | null) => Promise<{ items: Item[]; next: string | null }>,
  maxPages = 50,
): Promise<Item[]> {
  const items: Item[] = [];
  let before: string | null = null;
  for (let n = 0; n < maxPages; n++) {
    const { items: more, next } = await page(before);
    items.push(...more);
    if (!next) return items;
    before = next;
  }
  throw new Error(`still more pages after ${maxPages}`);
}

/** `&before=<cursor>` for a list's query, or nothing for its first page. */
export const beforeParam = (cursor: string | null) =>
  cursor ? `&before=${encodeURIComponent(cursor)}` : '';
