import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { exactTime, type KeysetPosition, keysetPage, pastPosition } from '#server/db/keyset.ts';
import { processes, type RunRow, runRollups, runs } from '#server/db/schema.ts';
import { findUsersByIds } from '#server/domain/users/repository.ts';
import { clientRunError, type RunAnswer } from '#shared/run-answers.ts';
import type { Run, RunLink } from '#shared/runs.ts';

// Reading runs back, always within the account's log retention window.

export const retentionStart = (retentionDays: number, now = new Date()) =>
  new Date(now.getTime() - retentionDays * 86_400_000);

/** Each run's retry pair, by run id (retryLinks). */
export interface RetryLinks {
  retryOf: Map<string, RunLink>;
  retriedAs: Map<string, RunLink>;
}

const noLinks: RetryLinks = { retryOf: new Map(), retriedAs: new Map() };

export const runToJson = (
  row: RunRow,
  names: Map<string, string>,
  links: RetryLinks = noLinks,
): Run => ({
  _id: row.id,
  processId: row.processId,
  trigger: row.trigger,
  triggeredBy: row.triggeredBy,
  triggeredByName: row.triggeredBy ? (names.get(row.triggeredBy) ?? null) : null,
  startedAt: row.startedAt.toISOString(),
  state: row.state,
  finishedAt: row.finishedAt?.toISOString() ?? null,
  durationMs: row.durationMs,
  statusCode: row.statusCode,
  ok: row.ok,
  errorKind: row.errorKind,
  error: clientRunError(row.errorKind, row.error),
  bodySnippet: row.bodySnippet,
  answer: answerOf(row),
  confirmedByN8n: row.confirmedByN8n,
  n8nExecutionId: row.n8nExecutionId,
  inputs: row.inputs ?? null,
  retryOf: row.retryOf ? (links.retryOf.get(row.retryOf) ?? null) : null,
  retriedAs: links.retriedAs.get(row.id) ?? null,
});

/** Runs as the run history shows them: who started each, and each one's retry pair. */
export async function runsToJson(db: Db, rows: RunRow[]): Promise<Run[]> {
  const ids = [...new Set(rows.map((r) => r.triggeredBy).filter((id): id is string => !!id))];
  const [people, links] = await Promise.all([findUsersByIds(db, ids), retryLinks(db, rows)]);
  const names = new Map(people.map((u) => [u.id, u.name || u.email]));
  return rows.map((row) => runToJson(row, names, links));
}

/**
 * The runs these ran again and the newest runs that ran each of them again: two index
 * lookups for a page of runs (runs_retry_of_idx), never a scan.
 */
export async function retryLinks(db: Db, rows: RunRow[]): Promise<RetryLinks> {
  const earlierIds = [...new Set(rows.map((r) => r.retryOf).filter((id): id is string => !!id))];
  const ids = rows.map((r) => r.id);
  const link = { id: runs.id, startedAt: runs.startedAt, retryOf: runs.retryOf };
  const [earlier, later] = await Promise.all([
    earlierIds.length ? db.select(link).from(runs).where(inArray(runs.id, earlierIds)) : [],
    ids.length
      ? db.select(link).from(runs).where(inArray(runs.retryOf, ids)).orderBy(runs.startedAt)
      : [],
  ]);
  const asLink = (r: { id: string; startedAt: Date }): RunLink => ({
    _id: r.id,
    startedAt: r.startedAt.toISOString(),
  });
  return {
    retryOf: new Map(earlier.map((r) => [r.id, asLink(r)])),
    // Oldest first, so the newest retry of a run is the one kept.
    retriedAs: new Map(later.map((r) => [r.retryOf as string, asLink(r)])),
  };
}

/** What the run kept of the webhook's answer; null when none came (or none is known). */
export const answerOf = (row: RunRow): RunAnswer | null =>
  row.answerBytes === null
    ? null
    : {
        contentType: row.answerContentType,
        bytes: row.answerBytes,
        cut: row.answerCut,
        binary: row.answerBinary,
      };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One run of the account owner's processes within the log retention; null if none. */
export async function findAccountRun(
  db: Db,
  ownerId: string,
  runId: string,
  retentionDays: number,
): Promise<RunRow | null> {
  if (!UUID.test(runId)) return null;
  const [row] = await db
    .select()
    .from(runs)
    .where(
      and(
        eq(runs.id, runId),
        eq(runs.clientUserId, ownerId),
        gte(runs.startedAt, retentionStart(retentionDays)),
      ),
    );
  return row ?? null;
}

/**
 * A page of a process's runs, newest first, and the cursor of the page after it (null on
 * the last): the last run's start to the microsecond and its id (db/keyset.ts).
 */
export async function recentRuns(
  db: Db,
  processId: string,
  options: {
    retentionDays: number;
    status?: 'ok' | 'failed';
    limit: number;
    /** The next page: runs older than this one. */
    before?: KeysetPosition;
  },
): Promise<{ runs: RunRow[]; nextCursor: string | null }> {
  const conditions = [
    eq(runs.processId, processId),
    gte(runs.startedAt, retentionStart(options.retentionDays)),
  ];
  if (options.status) conditions.push(eq(runs.ok, options.status === 'ok'));
  if (options.before) {
    conditions.push(pastPosition(runs.startedAt, runs.id, options.before, 'older'));
  }
  const rows = await db
    .select({ run: runs, at: exactTime(runs.startedAt) })
    .from(runs)
    .where(and(...conditions))
    .orderBy(desc(runs.startedAt), desc(runs.id))
    .limit(options.limit + 1);
  const { page, nextCursor } = keysetPage(rows, options.limit, ({ run, at }) => ({
    at,
    id: run.id,
  }));
  return { runs: page.map(({ run }) => run), nextCursor };
}

/**
 * The newest run of each process, for the process list: one index lookup per process
 * (LATERAL … ORDER BY started_at DESC LIMIT 1 on runs_process_started_idx), however many
 * runs each has, so the list stays quick at a million runs.
 */
export async function lastRuns(
  db: Db,
  processIds: string[],
  retentionDays: number,
): Promise<Map<string, RunRow>> {
  if (processIds.length === 0) return new Map();
  const since = retentionStart(retentionDays);
  const latest = db
    .select()
    .from(runs)
    .where(and(eq(runs.processId, processes.id), gte(runs.startedAt, since)))
    .orderBy(desc(runs.startedAt))
    .limit(1)
    .as('latest');
  const rows = await db
    .select()
    .from(processes)
    .innerJoinLateral(latest, sql`true`)
    .where(inArray(processes.id, processIds));
  return new Map(rows.map(({ latest: run }) => [run.processId, run]));
}

/**
 * Runs and failures per day and per process for one client's processes, from the daily
 * rollups: at most processes × days rows, whatever the number of runs.
 */
export async function clientRunStats(db: Db, clientUserId: string, retentionDays: number) {
  const since = retentionStart(retentionDays);
  const where = and(
    eq(runRollups.clientUserId, clientUserId),
    gte(runRollups.day, since.toISOString().slice(0, 10)),
  );
  const total = sql<number>`sum(${runRollups.runs})::int`;
  const failures = sql<number>`sum(${runRollups.failures})::int`;
  const [byDay, byProcess] = await Promise.all([
    db
      .select({ date: sql<string>`${runRollups.day}::text`, runs: total, failures })
      .from(runRollups)
      .where(where)
      .groupBy(runRollups.day)
      .orderBy(runRollups.day),
    db
      .select({ processId: runRollups.processId, runs: total, failures })
      .from(runRollups)
      .where(where)
      .groupBy(runRollups.processId),
  ]);
  return { since, byDay, byProcess };
}
