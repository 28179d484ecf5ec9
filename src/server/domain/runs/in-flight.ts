import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { processes, runs } from '#server/db/schema.ts';
import type { RunObserver } from './service.ts';

// Runs whose webhook call this server process has under way. A graceful shutdown waits
// for them a while (see main.ts) and marks the rest interrupted; a process that died
// leaves its runs `running`, and the next start (or the sweep) marks them instead.

export const INTERRUPTED_MESSAGE =
  'Interrupted: the server stopped before the workflow answered. It may still have run.';

const inFlight = new Map<string, Promise<unknown>>();

/** Keeps `work` (the call for run `runId`) in the in-flight set until it settles. */
export async function trackRun<T>(runId: string, work: Promise<T>): Promise<T> {
  inFlight.set(runId, work);
  try {
    return await work;
  } finally {
    inFlight.delete(runId);
  }
}

export const runsInFlight = () => inFlight.size;

/** Waits for every run under way, at most `timeoutMs`; true when none is left. */
export async function drainRuns(timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  await Promise.race([Promise.allSettled([...inFlight.values()]), timeout]);
  clearTimeout(timer);
  return inFlight.size === 0;
}

const interrupted = (now: Date) => ({
  state: 'interrupted' as const,
  ok: false,
  finishedAt: now,
  error: INTERRUPTED_MESSAGE,
});

/** Marks this process's runs still under way as interrupted (end of a graceful shutdown). */
export async function interruptRunsInFlight(db: Db, now = new Date()): Promise<number> {
  const ids = [...inFlight.keys()];
  if (ids.length === 0) return 0;
  const rows = await db
    .update(runs)
    .set(interrupted(now))
    .where(and(inArray(runs.id, ids), eq(runs.state, 'running')))
    .returning({ id: runs.id });
  return rows.length;
}

/**
 * Which `running` runs are abandoned: those started before an instant (one server owns
 * the database and has just started), or those whose process's webhook timeout ran out
 * before an instant (several instances share PostgreSQL: a live instance's call is never
 * touched, however long its process may take).
 */
export type AbandonedRuns = { startedBefore: Date } | { timedOutBefore: Date };

/** Marks runs left `running` by a server that is gone as interrupted. */
export async function interruptAbandonedRuns(
  db: Db,
  which: AbandonedRuns,
  now = new Date(),
  observer?: RunObserver,
): Promise<number> {
  const abandoned =
    'startedBefore' in which
      ? lt(runs.startedAt, which.startedBefore)
      : sql`${runs.startedAt} + (select make_interval(secs => ${processes.webhookTimeoutSeconds}) from ${processes} where ${processes.id} = ${runs.processId}) < ${which.timedOutBefore.toISOString()}::timestamptz`;
  const rows = await db
    .update(runs)
    .set(interrupted(now))
    .where(and(eq(runs.state, 'running'), abandoned))
    .returning({ trigger: runs.trigger });
  for (const { trigger } of rows) {
    observer?.runEnded({ trigger, outcome: 'interrupted', durationMs: null });
  }
  return rows.length;
}
