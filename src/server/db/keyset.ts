import { type AnyColumn, count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

// Paging a list ordered by (time, id) with a keyset, at the precision the database keeps:
// the time of a page's last row is read as text to the microsecond beside the row and
// compared back in the database as it came, never through a JavaScript Date (milliseconds),
// which skipped or repeated the rows sharing that millisecond
// (docs/decisions/019-keyset-at-database-precision.md).

/** The last row of a page: its time exactly, as `exactTime` read it, and its id. */
export interface KeysetPosition {
  at: string;
  id: string;
}

/** The column's time as UTC text to the microsecond: select it beside the row. */
export const exactTime = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Rows after the position in the list's order: `older` for a newest-first list, `newer`
 * for an oldest-first one. One row comparison, so an index on the time bounds the scan
 * (`a < c OR (a = c AND …)` would read every row on the near side again for each page).
 */
export function pastPosition(
  time: AnyColumn,
  id: AnyColumn,
  position: KeysetPosition,
  direction: 'older' | 'newer',
): SQL {
  const compare = direction === 'older' ? sql.raw('<') : sql.raw('>');
  return sql`(${time}, ${id}) ${compare} (${position.at}::timestamptz, ${position.id}::uuid)`;
}

/** The opaque cursor handed to the browser (`PageCursorSchema` checks it coming back). */
export const cursorOf = (position: KeysetPosition) => `${position.at}|${position.id}`;

/** A cursor `PageCursorSchema` accepted, back to the position it names. */
export function positionOf(cursor: string): KeysetPosition {
  const [at = '', id = ''] = cursor.split('|');
  return { at, id };
}

/**
 * Every row of a list, read `size` at a time, each read after the last row of the one
 * before (`null` for the first): for exports that stream a year of rows in constant memory.
 */
export async function* rowsInBatches<Row extends { at: string; id: string }>(
  size: number,
  read: (after: KeysetPosition | null) => Promise<Row[]>,
): AsyncGenerator<Row> {
  let after: KeysetPosition | null = null;
  for (;;) {
    const batch = await read(after);
    yield* batch;
    const last = batch.at(-1);
    if (!last || batch.length < size) return;
    after = { at: last.at, id: last.id };
  }
}

/**
 * One page of a list read with `limit + 1` rows: the extra row only says that another
 * page follows, and the cursor then names the page's last row.
 */
export function keysetPage<Row>(
  rows: Row[],
  limit: number,
  positionOfRow: (row: Row) => KeysetPosition,
) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    page,
    nextCursor: rows.length > limit && last ? cursorOf(positionOfRow(last)) : null,
  };
}

/**
 * How many rows of `table` match, counting no further than `cap` + 1 (shared/paging.ts
 * `countCapFor`): a list says "10,000+" past its cap rather than read every match for
 * every page (docs/decisions/030).
 */
export async function countUpTo(db: Db, table: PgTable, where: SQL | undefined, cap: number) {
  const matches = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  const [row] = await db.select({ n: count() }).from(matches);
  return row?.n ?? 0;
}
