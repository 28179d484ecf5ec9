import { and, count, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { processes, processHealth, runRollups, runs, schedules } from '#server/db/schema.ts';
import { type Account, accountCapabilities } from '#server/domain/accounts/account.ts';
import { byHealth, healthOf, sevenDayTotals } from '#server/domain/processes/health.ts';
import { retentionStart } from '#server/domain/runs/history.ts';
import { formatDateTime, utcDayAgo } from '#shared/dates.ts';
import {
  type ClientOverview,
  OVERVIEW_DAYS,
  OVERVIEW_HEALTH_PROCESSES,
  OVERVIEW_RECENT_RUNS,
  type OverviewProcess,
} from '#shared/overview.ts';
import { healthInWords } from '#shared/process-health.ts';

// The client's overview, what a client comes to their home page for: each figure from an
// index or the daily rollups (docs/decisions/018-run-rollups.md), a handful of rows
// whatever the number of runs. Each process's health comes from the rollups and
// process_health (docs/decisions/029-operations-console.md), worst first.

/** An instant in the words of the API answer: the server knows no reader's zone. */
const utcAt = (iso: string) => `${formatDateTime(iso, 'UTC')} UTC`;

/** The account's processes, worst health first, with their health in plain words. */
async function processesByHealth(db: Db, owner: string, now: Date): Promise<OverviewProcess[]> {
  const sevenDays = await sevenDayTotals(db, owner, now);
  const rows = await db
    .select({ _id: processes.id, name: processes.name, isActive: processes.isActive })
    .from(processes)
    .leftJoin(processHealth, eq(processHealth.processId, processes.id))
    .leftJoin(sevenDays, eq(sevenDays.processId, processes.id))
    .where(eq(processes.clientUserId, owner))
    .orderBy(...byHealth(sevenDays), processes.name, processes.id)
    .limit(OVERVIEW_HEALTH_PROCESSES);
  const health = await healthOf(
    db,
    rows.map((row) => row._id),
    'client',
    now,
  );
  return rows.flatMap((row) => {
    const h = health.get(row._id);
    return h ? [{ ...row, health: h, words: healthInWords(h, utcAt) }] : [];
  });
}

export async function clientOverview(
  db: Db,
  account: Account,
  now = new Date(),
): Promise<ClientOverview> {
  const owner = account.owner.id;
  const firstDay = utcDayAgo(OVERVIEW_DAYS - 1, now);
  const retention = accountCapabilities(account).logsRetentionDays;
  const [[lastDays], recentRuns, [nextRun], [processCount], [scheduleCount], health] =
    await Promise.all([
      db
        .select({
          runs: sql<number>`coalesce(sum(${runRollups.runs}), 0)::int`,
          failures: sql<number>`coalesce(sum(${runRollups.failures}), 0)::int`,
        })
        .from(runRollups)
        .where(and(eq(runRollups.clientUserId, owner), gte(runRollups.day, firstDay))),
      db
        .select({
          _id: runs.id,
          processId: runs.processId,
          processName: processes.name,
          startedAt: runs.startedAt,
          state: runs.state,
          ok: runs.ok,
          statusCode: runs.statusCode,
          durationMs: runs.durationMs,
          trigger: runs.trigger,
          confirmedByN8n: runs.confirmedByN8n,
          errorKind: runs.errorKind,
        })
        .from(runs)
        .innerJoin(processes, eq(processes.id, runs.processId))
        .where(
          and(eq(runs.clientUserId, owner), gte(runs.startedAt, retentionStart(retention, now))),
        )
        .orderBy(desc(runs.startedAt), desc(runs.id))
        .limit(OVERVIEW_RECENT_RUNS),
      db
        .select({ at: schedules.nextRunAt, processName: processes.name, scheduleId: schedules.id })
        .from(schedules)
        .innerJoin(processes, eq(processes.id, schedules.processId))
        .where(and(eq(schedules.clientUserId, owner), isNotNull(schedules.nextRunAt)))
        .orderBy(schedules.nextRunAt)
        .limit(1),
      db.select({ n: count() }).from(processes).where(eq(processes.clientUserId, owner)),
      db
        .select({ n: count() })
        .from(schedules)
        .where(and(eq(schedules.clientUserId, owner), isNotNull(schedules.nextRunAt))),
      processesByHealth(db, owner, now),
    ]);
  return {
    lastDays: { days: OVERVIEW_DAYS, runs: lastDays?.runs ?? 0, failures: lastDays?.failures ?? 0 },
    recentRuns: recentRuns.map((run) => ({ ...run, startedAt: run.startedAt.toISOString() })),
    nextRun:
      nextRun?.at != null
        ? {
            at: nextRun.at.toISOString(),
            processName: nextRun.processName,
            scheduleId: nextRun.scheduleId,
          }
        : null,
    processCount: processCount?.n ?? 0,
    activeScheduleCount: scheduleCount?.n ?? 0,
    processes: health,
  };
}
