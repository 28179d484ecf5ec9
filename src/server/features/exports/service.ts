import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

// What the CSV exports read: the window a plan lets a client export, and the analytics
// rows (one per process) within it. The runs rows are the archive's (runs-csv.ts).

const DAY_MS = 86_400_000;

/** The window: the chosen days clipped to the retention the plan keeps. */
export function windowOf(
  range: { from?: string; to?: string },
  retentionDays: number,
  now = new Date(),
) {
  const kept = new Date(now.getTime() - retentionDays * DAY_MS);
  const from = range.from ? new Date(`${range.from}T00:00:00Z`) : kept;
  const until = range.to
    ? new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS)
    : new Date(now.getTime() + 60_000);
  return { since: from > kept ? from : kept, until };
}

/** The UTC days a window of exact times touches, first and last (both included). */
function daysOf(since: Date, until: Date) {
  const dayOf = (at: Date) => at.toISOString().slice(0, 10);
  return { first: dayOf(since), last: dayOf(new Date(until.getTime() - 1)) };
}

interface AnalyticsCsvRow {
  name: string;
  runs: number;
  failures: number;
  lastStarted: string | Date;
  lastOk: boolean | null;
}

/**
 * One row per process of the account that ran in the window: runs, failures and its last
 * run, read from the daily run rollups (docs/decisions/018-run-rollups.md), a row per
 * process and day however many runs, and still whole after the retention job deletes runs.
 * Rollups are per UTC day, so the window is taken in whole UTC days: from the day its
 * first moment falls on (the plan's retention cuts into that day) to the day of its last,
 * as the client's analytics screen counts them (clientRunStats). The last run's outcome
 * is its run's, found by process and start time on runs_process_started_idx; once
 * retention has deleted that run, the process's health says whether the run that started
 * at that moment succeeded or failed.
 */
export async function* analyticsRows(db: Db, ownerId: string, since: Date, until: Date) {
  const { first, last } = daysOf(since, until);
  const result = (await db.execute(sql`
    with totals as (
      select process_id, sum(runs)::int as runs, sum(failures)::int as failures,
             max(last_run_at) as last_run_at
      from run_rollups
      where client_user_id = ${ownerId} and day between ${first}::date and ${last}::date
      group by process_id
    )
    select p.name, t.runs, t.failures, t.last_run_at as "lastStarted",
           coalesce(
             (select r.ok from runs r
               where r.process_id = t.process_id and r.started_at = t.last_run_at
               limit 1),
             case t.last_run_at when h.last_success_at then true
                                when h.last_failure_at then false end
           ) as "lastOk"
    from totals t
    join processes p on p.id = t.process_id
    left join process_health h on h.process_id = t.process_id
    order by p.name, p.id`)) as { rows: AnalyticsCsvRow[] };
  for (const row of result.rows) {
    yield [
      row.name,
      row.runs,
      row.failures,
      row.runs ? Math.round((row.failures / row.runs) * 1000) / 10 : 0,
      row.lastStarted ? new Date(row.lastStarted).toISOString() : '',
      row.lastOk === null ? '' : row.lastOk ? 'succeeded' : 'failed',
    ];
  }
}
