import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type KeysetPosition, keysetPage, positionOf } from '#server/db/keyset.ts';
import { windowStart } from '#server/domain/runs/rollups.ts';
import {
  type AnalyticsPeriod,
  analyticsPeriods,
  type RunsPerPeriod,
  USAGE_PAGE,
  type Usage,
} from '#shared/analytics.ts';

// The admin's usage (SPEC §7 Admin analytics), read from the daily run rollups
// (docs/decisions/018-run-rollups.md): runs per period for the chart, and one row per
// period and process, newest period first, a page at a time after the last row of the page
// before. Each page walks an index backwards from that row and stops after a page:
// - by day, the rollups themselves along (day, process_id);
// - by week or month, the rollups along the (period, process_id) expression index
//   (migration 0033), summed a group at a time as they come (GroupAggregate over a
//   backward Index Scan), so no page groups or sorts the whole window. Grouping and
//   sorting two years of rollups, and an offset that walked every row before the page,
//   took seconds; no total is counted for the same reason.

// The period is inlined (it is one of three known words): as a bind parameter, the
// SELECT and GROUP BY expressions would differ and PostgreSQL would refuse the query.
const periodWord = (period: AnalyticsPeriod) =>
  sql.raw(`'${analyticsPeriods.includes(period) ? period : 'day'}'`);

/**
 * A rollup's period, its first day. Weekly and monthly pages read their expression index
 * only while this is the index's expression to the letter (migration 0033).
 */
export const bucketOf = (period: AnalyticsPeriod) =>
  sql`date_trunc(${periodWord(period)}, day::timestamp)::date`;

/**
 * One page of usage rows from `from` (a UTC day) on, after `after` in the list's order
 * (period desc, process_id desc). The caller asks for a row more than it shows, to know
 * whether another page follows.
 */
export function usagePageRows(
  period: AnalyticsPeriod,
  from: string,
  rows: number,
  after: KeysetPosition | null,
): SQL {
  const key = period === 'day' ? sql`day` : bucketOf(period);
  // One row comparison, so the index bounds the scan from the cursor on.
  const past = after
    ? sql`and (${key}, process_id) < (${after.at}::date, ${after.id}::uuid)`
    : sql``;
  if (period === 'day') {
    return sql`select day as period, process_id, client_user_id, runs as executions, failures
      from run_rollups where day >= ${from}::date ${past}
      order by day desc, process_id desc limit ${rows}`;
  }
  // The bound on the period stops the walk at the window's first period; the bound on the
  // day leaves out that period's days before the window.
  return sql`select ${key} as period, process_id,
           min(client_user_id::text)::uuid as client_user_id,
           sum(runs)::int as executions, sum(failures)::int as failures
    from run_rollups
    where ${key} >= date_trunc(${periodWord(period)}, ${from}::timestamp)::date
      and day >= ${from}::date ${past}
    group by ${key}, process_id
    order by ${key} desc, process_id desc limit ${rows}`;
}

interface UsagePageRow {
  period: string;
  clientUserId: string;
  processId: string;
  processName: string;
  clientName: string;
  executions: number;
  failures: number;
}

/** Runs and failures per period over the window: a row a day from run_daily_totals. */
async function runsPerPeriod(db: Db, from: string, period: AnalyticsPeriod) {
  const bucket = bucketOf(period);
  const result = (await db.execute(sql`
    select to_char(${bucket}, 'YYYY-MM-DD') as "_id", sum(runs)::int as runs,
           sum(failures)::int as fails
    from run_daily_totals where day >= ${from}::date and runs > 0
    group by ${bucket} order by ${bucket}`)) as { rows: RunsPerPeriod[] };
  return result.rows;
}

/**
 * The page's rows named with their process and client, a primary-key lookup a row: joined,
 * a page of 1,000 rows was hash-joined with every process and client (a scan of each).
 * A process's rollups go with it (foreign key), so each row has its process.
 */
async function namedPage(
  db: Db,
  period: AnalyticsPeriod,
  from: string,
  rows: number,
  after: KeysetPosition | null,
) {
  const result = (await db.execute(sql`
    with page as (${usagePageRows(period, from, rows, after)})
    select to_char(pg.period, 'YYYY-MM-DD') as period, pg.client_user_id as "clientUserId",
           pg.process_id as "processId",
           (select p.name from processes p where p.id = pg.process_id) as "processName",
           coalesce((select coalesce(nullif(trim(u.name), ''), u.email) from users u
                      where u.id = pg.client_user_id), '') as "clientName",
           pg.executions, pg.failures
    from page pg
    order by pg.period desc, pg.process_id desc`)) as { rows: UsagePageRow[] };
  return result.rows;
}

/**
 * Runs per period overall (runsAgg) and per client and process (usage rows): `limit` rows
 * after `cursor` (a nextCursor this answered before), and the cursor of the rows after them.
 */
export async function usage(
  db: Db,
  days: number,
  period: AnalyticsPeriod,
  page: { limit: number; cursor?: string } = { limit: USAGE_PAGE.default },
  now = new Date(),
): Promise<Usage> {
  const from = windowStart(days, now);
  const after = page.cursor ? positionOf(page.cursor) : null;
  const [runsAgg, rows] = await Promise.all([
    runsPerPeriod(db, from, period),
    namedPage(db, period, from, page.limit + 1, after),
  ]);
  const { page: shown, nextCursor } = keysetPage(rows, page.limit, (row) => ({
    at: row.period,
    id: row.processId,
  }));
  return {
    runsAgg,
    usage: shown.map((r) => ({ ...r, _id: `${r.period}:${r.clientUserId}:${r.processId}` })),
    limit: page.limit,
    nextCursor,
  };
}
