import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { runLogDays } from '#shared/retention.ts';

// Run rollups (issue 18): per process and UTC day, kept by the runs_rollup trigger
// (migration 0016). `npm run db:rebuild-rollups` recomputes them from the runs table for
// the last days every plan still holds whole (the shortest run-log retention): older days
// have lost runs to retention, and their rollups are the only history left of them.

const DAY_MS = 86_400_000;

/** The days a rebuild recomputes by default: today and the days before it that are whole. */
export const REBUILD_DAYS = Math.min(...runLogDays);

export async function rebuildRollups(
  db: Db,
  days: number = REBUILD_DAYS,
  now = new Date(),
): Promise<{ from: string; rows: number }> {
  const from = new Date(now.getTime() - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  return db.transaction(async (tx) => {
    // Writers wait for the rebuild: no run can count twice or not at all meanwhile.
    await tx.execute(sql`lock table runs in share row exclusive mode`);
    await tx.execute(sql`delete from run_rollups where day >= ${from}::date`);
    const inserted = (await tx.execute(sql`
      insert into run_rollups
        (process_id, client_user_id, day, runs, failures, total_duration_ms, last_run_at)
      select process_id, min(client_user_id::text)::uuid, (started_at at time zone 'UTC')::date,
             count(*), count(*) filter (where ok = false), coalesce(sum(duration_ms), 0),
             max(started_at)
      from runs
      where started_at >= ${`${from}T00:00:00Z`}::timestamptz
      group by process_id, (started_at at time zone 'UTC')::date
      returning day`)) as { rows: { day: string }[] };
    // The product-wide day totals follow the rollups of those days.
    await tx.execute(sql`delete from run_daily_totals where day >= ${from}::date`);
    await tx.execute(sql`
      insert into run_daily_totals (day, runs, failures, process_days)
      select day, sum(runs), sum(failures), count(*) from run_rollups
      where day >= ${from}::date group by day`);
    return { from, rows: inserted.rows.length };
  });
}
