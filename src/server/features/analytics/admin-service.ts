import { count, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { runDailyTotals, users } from '#server/db/schema.ts';
import { advanceRunWindow, windowStart } from '#server/domain/runs/rollups.ts';
import type { AnalyticsOverview, AnalyticsWindowDays, TopProcess } from '#shared/analytics.ts';

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
 * The busiest processes of the last `days`, one of the kept windows (analyticsWindowDays:
 * the API takes no other, see TopProcessesQuerySchema). They are read by rank from the
 * window's kept totals, moved on to today first (a no-op but on the first call of a day,
 * see domain/runs/rollups.ts): the cost is the rows listed, whatever the number of
 * processes or days. Only while another instance's clock has moved the window past ours
 * (around midnight UTC) are the window's rollups summed instead, so the answer stays exact
 * (docs/decisions/018-run-rollups.md).
 */
export async function topProcesses(
  db: Db,
  days: AnalyticsWindowDays,
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
