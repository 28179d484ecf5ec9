import { count, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { runDailyTotals, users } from '#server/db/schema.ts';
import { advanceRunWindow, windowStart } from '#server/domain/runs/rollups.ts';
import {
  type AnalyticsOverview,
  type AnalyticsPeriod,
  analyticsPeriods,
  type RunsPerPeriod,
  type TopProcess,
  USAGE_PAGE,
  type Usage,
} from '#shared/analytics.ts';

// Product-wide figures for the admin analytics screen, read from the daily run rollups
// (docs/decisions/018-run-rollups.md): at most processes × days rows whatever the number
// of runs, and the history stays when the retention job deletes old runs. Rows carry the process and client names
// beside the spec's ids, so the screen can show them without loading every client.

export async function overview(db: Db): Promise<AnalyticsOverview> {
  const [[userCount], [active], [runCount]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db
      .select({ n: count() })
      .from(users)
      .where(inArray(users.subscriptionStatus, ['active', 'trialing'])),
    db
      .select({ n: sql<number>`coalesce(sum(${runDailyTotals.runs}), 0)::int` })
      .from(runDailyTotals),
  ]);
  return {
    users: userCount?.n ?? 0,
    activeSubscriptions: active?.n ?? 0,
    totalRuns: runCount?.n ?? 0,
  };
}

/**
 * The busiest processes of the last `days`. The screen's windows (analyticsWindowDays)
 * are read by rank from their kept totals, moved on to today first (a no-op but on the
 * first call of a day, see domain/runs/rollups.ts): the cost is the rows listed, whatever the number of processes or
 * days. Any other window is summed from the rollups (docs/decisions/018-run-rollups.md).
 */
export async function topProcesses(
  db: Db,
  days: number,
  limit = 10,
  now = new Date(),
): Promise<TopProcess[]> {
  const from = windowStart(days, now);
  // `nulls last` as the rank index has it (desc alone means nulls first, and a seq scan).
  const ranked = (await advanceRunWindow(db, days, now))
    ? sql`select process_id, client_user_id, runs, failures as fails from run_window_totals
            where days = ${days} and runs > 0
            order by days, runs desc nulls last, process_id limit ${limit}`
    : sql`select process_id, min(client_user_id::text)::uuid as client_user_id,
                   sum(runs)::int as runs, sum(failures)::int as fails
            from run_rollups where day >= ${from}::date
            group by process_id order by sum(runs) desc, process_id limit ${limit}`;
  const result = (await db.execute(sql`
    with ranked as (${ranked})
    select r.process_id as "_id", p.name, r.client_user_id as "clientUserId",
           coalesce(nullif(trim(u.name), ''), u.email, '') as "clientName", r.runs, r.fails
    from ranked r
    join processes p on p.id = r.process_id
    left join users u on u.id = r.client_user_id
    order by r.runs desc, p.name, r.process_id`)) as { rows: TopProcess[] };
  return result.rows;
}

// The period is inlined (it is one of three known words): as a bind parameter, the
// SELECT and GROUP BY expressions would differ and PostgreSQL would refuse the query.
const periodWord = (period: AnalyticsPeriod) =>
  sql.raw(`'${analyticsPeriods.includes(period) ? period : 'day'}'`);
const bucketOf = (period: AnalyticsPeriod) =>
  sql`date_trunc(${periodWord(period)}, day::timestamp)::date`;

interface UsagePageRow {
  period: string;
  clientUserId: string;
  processId: string;
  processName: string;
  clientName: string;
  executions: number;
  failures: number;
}

/**
 * Runs per period overall (runsAgg) and per client and process (usage rows, a page at a
 * time: `offset` and `limit`, with the `total` number of rows). Newest period first, then
 * by process id, both descending: a day's rows are the rollups themselves, read backwards
 * along the (day, process) index, so a page costs its own rows, not the whole window
 * (ascending ids sorted a whole day of rows for each page; docs/decisions/
 * 018-run-rollups.md).
 */
export async function usage(
  db: Db,
  days: number,
  period: AnalyticsPeriod,
  page: { limit: number; offset: number } = { limit: USAGE_PAGE.default, offset: 0 },
): Promise<Usage> {
  const from = windowStart(days);
  const bucket = bucketOf(period);
  const pageRows =
    period === 'day'
      ? sql`select day as period, process_id, client_user_id, runs as executions, failures
            from run_rollups where day >= ${from}::date
            order by day desc, process_id desc limit ${page.limit} offset ${page.offset}`
      : sql`select ${bucket} as period, process_id, min(client_user_id::text)::uuid as client_user_id,
                   sum(runs)::int as executions, sum(failures)::int as failures
            from run_rollups where day >= ${from}::date
            group by 1, process_id
            order by 1 desc, process_id desc limit ${page.limit} offset ${page.offset}`;
  const totalRows =
    period === 'day'
      ? sql`select coalesce(sum(process_days), 0)::int as n from run_daily_totals
            where day >= ${from}::date`
      : sql`select count(*)::int as n from (select 1 from run_rollups where day >= ${from}::date
            group by ${bucket}, process_id) grouped`;
  const [runsAgg, rows, total] = await Promise.all([
    db.execute(sql`
      select to_char(${bucket}, 'YYYY-MM-DD') as "_id", sum(runs)::int as runs,
             sum(failures)::int as fails
      from run_daily_totals where day >= ${from}::date and runs > 0
      group by ${bucket} order by ${bucket}`) as Promise<{ rows: RunsPerPeriod[] }>,
    db.execute(sql`
      with page as (${pageRows})
      select to_char(pg.period, 'YYYY-MM-DD') as period, pg.client_user_id as "clientUserId",
             pg.process_id as "processId", p.name as "processName",
             coalesce(nullif(trim(u.name), ''), u.email, '') as "clientName",
             pg.executions, pg.failures
      from page pg
      join processes p on p.id = pg.process_id
      left join users u on u.id = pg.client_user_id
      order by pg.period desc, pg.process_id desc`) as Promise<{ rows: UsagePageRow[] }>,
    db.execute(totalRows) as Promise<{ rows: { n: number }[] }>,
  ]);
  return {
    runsAgg: runsAgg.rows,
    usage: rows.rows.map((r) => ({ ...r, _id: `${r.period}:${r.clientUserId}:${r.processId}` })),
    total: total.rows[0]?.n ?? 0,
    offset: page.offset,
    limit: page.limit,
  };
}
