import { and, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { processHealth, runRollups, runs, runWindowTotals } from '#server/db/schema.ts';
import { advanceRunWindow, windowStart } from '#server/domain/runs/rollups.ts';
import {
  addHistograms,
  durationQuantile,
  healthLevel,
  type ProcessHealth,
  successRate,
} from '#shared/process-health.ts';
import { clientRunError } from '#shared/run-answers.ts';

// A process's health for the admin's process list and the client's overview
// (docs/decisions/029-operations-console.md), read from process_health (one row per
// process), and the run_rollups of the last 30 days: a page of processes costs its
// processes × 31 rows, whatever the number of runs. Runs are never counted or scanned: a
// failure that has no error text (a webhook's error status) is said from its run, read by
// primary key (process_health.last_failed_run_id), at most one run per listed process.

export type HealthAudience = 'admin' | 'client';

/** The window's first UTC day, as the analytics count it (domain/runs/rollups.ts). */
const from = (days: number, now: Date) => windowStart(days, now);

/** Health of each listed process, by id (a process never run has an idle health). */
export async function healthOf(
  db: Db,
  processIds: readonly string[],
  audience: HealthAudience,
  now = new Date(),
): Promise<Map<string, ProcessHealth>> {
  const ids = [...new Set(processIds)];
  const answer = new Map<string, ProcessHealth>();
  if (ids.length === 0) return answer;
  const from30 = from(30, now);
  const from7 = from(7, now);
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const [latest, totals, buckets] = await Promise.all([
    db.select().from(processHealth).where(inArray(processHealth.processId, ids)),
    // Along the rollups' primary key (process, day): the page's processes × 31 days.
    db
      .select({
        processId: runRollups.processId,
        runs7d: sql<number>`coalesce(sum(${runRollups.runs}) filter (where ${runRollups.day} >= ${from7}::date), 0)::int`,
        failures7d: sql<number>`coalesce(sum(${runRollups.failures}) filter (where ${runRollups.day} >= ${from7}::date), 0)::int`,
        runs30d: sql<number>`coalesce(sum(${runRollups.runs}), 0)::int`,
        failures30d: sql<number>`coalesce(sum(${runRollups.failures}), 0)::int`,
      })
      .from(runRollups)
      .where(and(inArray(runRollups.processId, ids), gte(runRollups.day, from30)))
      .groupBy(runRollups.processId),
    // The 30 days' duration histograms summed bucket by bucket in the database: twelve
    // rows a process come back (a row from before 0031 has no buckets and adds none).
    db.execute(sql`
      select r.process_id as "processId", b.i::int as "bucket", sum(b.n)::int as "runs"
      from run_rollups r, unnest(r.duration_buckets) with ordinality as b(n, i)
      where r.process_id in (${idList}) and r.day >= ${from30}::date
      group by r.process_id, b.i`) as Promise<{
      rows: { processId: string; bucket: number; runs: number }[];
    }>,
  ]);
  const latestOf = new Map(latest.map((row) => [row.processId, row]));
  const statusFailures = await failureAnswers(
    db,
    latest.flatMap((row) =>
      row.lastError === null && row.lastFailedRunId ? [row.lastFailedRunId] : [],
    ),
  );
  const totalsOf = new Map(totals.map((row) => [row.processId, row]));
  const histograms = new Map<string, number[]>();
  for (const row of buckets.rows) {
    const histogram = histograms.get(row.processId) ?? addHistograms([], []);
    histogram[row.bucket - 1] = row.runs;
    histograms.set(row.processId, histogram);
  }
  for (const id of ids) {
    const h = latestOf.get(id);
    const t = totalsOf.get(id) ?? { runs7d: 0, failures7d: 0, runs30d: 0, failures30d: 0 };
    const histogram = histograms.get(id) ?? [];
    const kind = h?.lastErrorKind ?? null;
    const error =
      h?.lastError ?? (h?.lastFailedRunId ? (statusFailures.get(h.lastFailedRunId) ?? null) : null);
    const figures = {
      rate7d: successRate(t.runs7d, t.failures7d),
      rate30d: successRate(t.runs30d, t.failures30d),
      runs7d: t.runs7d,
      runs30d: t.runs30d,
      failures7d: t.failures7d,
      failures30d: t.failures30d,
      medianMs: durationQuantile(histogram, 0.5),
      p95Ms: durationQuantile(histogram, 0.95),
      lastSuccessAt: h?.lastSuccessAt?.toISOString() ?? null,
      lastFailureAt: h?.lastFailureAt?.toISOString() ?? null,
      // A client reads the error as it reads a run's: n8n's address stays with the admins.
      lastError: audience === 'admin' ? error : clientRunError(kind, error),
      lastErrorKind: kind,
      failuresInARow: h?.failuresInARow ?? 0,
      failingSince: h?.failingSince?.toISOString() ?? null,
    };
    answer.set(id, { level: healthLevel(figures), ...figures });
  }
  return answer;
}

/** How far into a failing answer the health line quotes it. */
const ANSWER_QUOTE = 200;

/**
 * "The workflow answered 500: <the answer's start>" for each failed run with an error
 * status and no error text, by run id; the client reads its workflow's answer on its run
 * too. A run gone with the retention is left out.
 */
async function failureAnswers(db: Db, runIds: string[]): Promise<Map<string, string>> {
  if (runIds.length === 0) return new Map();
  const rows = await db
    .select({ id: runs.id, statusCode: runs.statusCode, bodySnippet: runs.bodySnippet })
    .from(runs)
    .where(inArray(runs.id, runIds));
  return new Map(
    rows.flatMap((row) => {
      if (row.statusCode === null) return [];
      const answer = row.bodySnippet?.trim().slice(0, ANSWER_QUOTE);
      return [[row.id, `The workflow answered ${row.statusCode}${answer ? `: ${answer}` : ''}`]];
    }),
  );
}

/**
 * Each process's runs and failures of the last 7 days, as a subquery to join on its
 * process id, for ordering by health. The kept window totals (moved on to today first,
 * as the admin's top processes do) cost a row per process that ran; should the window
 * not be current, the rollups of those 8 days are summed instead (processes × 8 rows).
 * `clientUserId` keeps it to one account's processes.
 */
export async function sevenDayTotals(db: Db, clientUserId?: string, now = new Date()) {
  if (await advanceRunWindow(db, 7, now)) {
    return db
      .select({
        processId: runWindowTotals.processId,
        runs: runWindowTotals.runs,
        failures: runWindowTotals.failures,
      })
      .from(runWindowTotals)
      .where(
        and(
          eq(runWindowTotals.days, 7),
          clientUserId ? eq(runWindowTotals.clientUserId, clientUserId) : undefined,
        ),
      )
      .as('health_7d');
  }
  return db
    .select({
      processId: runRollups.processId,
      runs: sql<number>`sum(${runRollups.runs})::int`.as('runs'),
      failures: sql<number>`sum(${runRollups.failures})::int`.as('failures'),
    })
    .from(runRollups)
    .where(
      and(
        gte(runRollups.day, from(7, now)),
        clientUserId ? eq(runRollups.clientUserId, clientUserId) : undefined,
      ),
    )
    .groupBy(runRollups.processId)
    .as('health_7d');
}

type SevenDays = Awaited<ReturnType<typeof sevenDayTotals>>;

/**
 * Worst health first: most failures in a row, then the lowest 7-day success rate; a
 * process without runs in the 7 days after those with runs. Join process_health and
 * `sevenDays` (left joins) on the process id to use it.
 */
export function byHealth(sevenDays: SevenDays): SQL[] {
  const { streak, rate } = healthKeys(sevenDays);
  return [sql`${streak} desc`, sql`${rate} asc nulls last`];
}

/** The two keys of the health order: failures in a row, and the 7-day success rate. */
export function healthKeys(sevenDays: SevenDays) {
  return {
    streak: sql<number>`coalesce(${processHealth.failuresInARow}, 0)`,
    rate: sql`(${sevenDays.runs} - ${sevenDays.failures})::float8 / nullif(${sevenDays.runs}, 0)`,
  };
}
