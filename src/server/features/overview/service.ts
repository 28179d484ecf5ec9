import { and, count, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { processes, runRollups, runs, schedules } from '#server/db/schema.ts';
import { type Account, accountCapabilities } from '#server/domain/accounts/account.ts';
import { retentionStart } from '#server/domain/runs/history.ts';
import { utcDayAgo } from '#shared/dates.ts';
import { type ClientOverview, OVERVIEW_DAYS, OVERVIEW_RECENT_RUNS } from '#shared/overview.ts';

// The client's overview, what a client comes to their home page for: each figure from an
// index or the daily rollups (docs/decisions/018-run-rollups.md), a handful of rows
// whatever the number of runs.

export async function clientOverview(
  db: Db,
  account: Account,
  now = new Date(),
): Promise<ClientOverview> {
  const owner = account.owner.id;
  const firstDay = utcDayAgo(OVERVIEW_DAYS - 1, now);
  const retention = accountCapabilities(account).logsRetentionDays;
  const [[lastDays], recentRuns, [nextRun], [processCount], [scheduleCount]] = await Promise.all([
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
      .where(and(eq(runs.clientUserId, owner), gte(runs.startedAt, retentionStart(retention, now))))
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
  };
}
