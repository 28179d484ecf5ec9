import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { analyticsWindowDays } from '#shared/analytics.ts';
import { utcDayAgo } from '#shared/dates.ts';
import { runLogDays } from '#shared/retention.ts';

// Run rollups (docs/decisions/018-run-rollups.md): per process and UTC day, kept by
// statement-level triggers on runs (migration 0034; row-level before it, 0016): a
// statement's runs are summed per process and day and each row is written once, so a bulk
// insert does not rewrite the same rows once per run. `npm run db:rebuild-rollups`
// recomputes them from the runs table for the last days every plan still holds whole (the
// shortest run-log retention): older days have lost runs to retention, and their rollups
// are the only history left of them.
//
// The admin's top processes read ranked totals kept per window (migration 0019): the
// rollup trigger adds each change inside a window; a window moves on a day by subtracting
// the day that left it, on the first read of the day or by the daily upkeep.

/** The days a rebuild recomputes by default: today and the days before it that are whole. */
export const REBUILD_DAYS = Math.min(...runLogDays);

export async function rebuildRollups(
  db: Db,
  days: number = REBUILD_DAYS,
  now = new Date(),
): Promise<{ from: string; rows: number }> {
  const from = utcDayAgo(days - 1, now);
  return db.transaction(async (tx) => {
    // Writers wait for the rebuild: no run can count twice or not at all meanwhile. The
    // window totals are recomputed at the end, not moved row by row by their trigger.
    await tx.execute(sql`lock table runs in share row exclusive mode`);
    await tx.execute(sql`select set_config('app.rollup_rebuild', 'on', true)`);
    await tx.execute(sql`delete from run_rollups where day >= ${from}::date`);
    const inserted = (await tx.execute(sql`
      insert into run_rollups
        (process_id, client_user_id, day, runs, failures, total_duration_ms, last_run_at,
         duration_buckets, scheduled_runs, scheduled_failures, scheduled_on_time)
      select * from runs_rolled_up(${`${from}T00:00:00Z`}::timestamptz)
      returning day`)) as { rows: { day: string }[] };
    // The product-wide day totals follow the rollups of those days.
    await tx.execute(sql`delete from run_daily_totals where day >= ${from}::date`);
    await tx.execute(sql`
      insert into run_daily_totals (day, runs, failures, process_days)
      select day, sum(runs), sum(failures), count(*) from run_rollups
      where day >= ${from}::date group by day`);
    await tx.execute(sql`select recompute_run_window_totals()`);
    await tx.execute(sql`select recompute_process_health(process_id) from process_health`);
    await tx.execute(sql`select set_config('app.rollup_rebuild', 'off', true)`);
    return { from, rows: inserted.rows.length };
  });
}

/** The first UTC day a window of `days` counts, as the analytics calls count it. */
export const windowStart = (days: number, now = new Date()) => utcDayAgo(days, now);

/**
 * Moves a kept window on to today; true when its totals now count exactly the days from
 * windowStart (false for a window not kept, or one another instance's clock moved past).
 */
export async function advanceRunWindow(db: Db, days: number, now = new Date()): Promise<boolean> {
  if (!analyticsWindowDays.some((window) => window === days)) return false;
  const from = windowStart(days, now);
  const moved = (await db.execute(
    sql`select advance_run_window(${days}, ${from}::date)::text as "firstDay"`,
  )) as { rows: { firstDay: string | null }[] };
  return moved.rows[0]?.firstDay === from;
}

/** Moves every kept window on to today (the daily upkeep, so screens find them current). */
export async function advanceRunWindows(db: Db, now = new Date()): Promise<void> {
  for (const days of analyticsWindowDays) await advanceRunWindow(db, days, now);
}
