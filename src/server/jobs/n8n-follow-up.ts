import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { processes, runs } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import type { N8nApi, N8nExecution } from '#server/integrations/n8n/api.ts';
import type { Job } from './runner.ts';

// Follows up runs n8n only accepted: a "respond immediately" webhook answers
// {"message":"Workflow was started"} before the workflow runs, so the run stays
// `following` until n8n's own execution record (public API, executions of the process's
// workflow) says how it ended. One instance polls at a time, so n8n is not asked twice;
// each update is conditional on the run still following all the same.

const INTERVAL_MS = 5_000;
const BATCH = 50;
/** A run n8n never reports is left `accepted` after this long. */
export const GIVE_UP_MS = 15 * 60_000;
const FINAL = new Set<N8nExecution['status']>(['success', 'error', 'crashed', 'canceled']);

export interface FollowUpOptions {
  db: Db;
  api: N8nApi;
  log?: FastifyBaseLogger;
  now?: () => Date;
}

/** One pass over the runs still following; returns how many were settled. */
export async function followUpRuns({ db, api, log, now = () => new Date() }: FollowUpOptions) {
  const pending = await db
    .select({ run: runs, workflowId: processes.n8nWorkflowId, processName: processes.name })
    .from(runs)
    .innerJoin(processes, eq(processes.id, runs.processId))
    .where(eq(runs.state, 'following'))
    .orderBy(asc(runs.startedAt))
    .limit(BATCH);
  if (pending.length === 0) return 0;
  const claimed = await claimedExecutions(
    db,
    pending.map((p) => p.run.processId),
  );
  const tooOld = (run: { startedAt: Date }) =>
    now().getTime() - run.startedAt.getTime() > GIVE_UP_MS;
  let settled = 0;
  for (const { run, workflowId, processName } of pending) {
    try {
      const execution = workflowId
        ? await api.findExecution({
            workflowId,
            runId: run.id,
            calledAt: run.startedAt,
            // Executions matched to other runs; this run's own (seen running) stays a match.
            exclude: withoutOwn(claimed, run.n8nExecutionId),
          })
        : null;
      if (execution) claimed.add(execution.id);
      if (execution && FINAL.has(execution.status)) {
        if (await confirm(db, run, execution, processName)) settled++;
      } else if (execution && execution.id !== run.n8nExecutionId) {
        await db
          .update(runs)
          .set({ n8nExecutionId: execution.id })
          .where(and(eq(runs.id, run.id), eq(runs.state, 'following')));
      } else if (!execution && tooOld(run)) {
        await giveUp(db, run.id);
      }
    } catch (error) {
      log?.warn({ err: error, runId: run.id }, 'n8n follow-up failed; trying again later');
      if (tooOld(run)) await giveUp(db, run.id);
    }
  }
  return settled;
}

const withoutOwn = (claimed: Set<string>, own: string | null) =>
  own ? new Set([...claimed].filter((id) => id !== own)) : claimed;

/** A run n8n has not reported for GIVE_UP_MS stays `accepted`: started, outcome unknown. */
const giveUp = (db: Db, runId: string) =>
  db
    .update(runs)
    .set({ state: 'accepted', ok: true })
    .where(and(eq(runs.id, runId), eq(runs.state, 'following')));

/** Executions already matched to a run of these processes: never matched twice. */
async function claimedExecutions(db: Db, processIds: string[]): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ id: runs.n8nExecutionId })
    .from(runs)
    .where(and(inArray(runs.processId, processIds), isNotNull(runs.n8nExecutionId)));
  return new Set(rows.map((r) => r.id).filter((id): id is string => id !== null));
}

async function confirm(
  db: Db,
  run: typeof runs.$inferSelect,
  execution: N8nExecution,
  processName: string,
): Promise<boolean> {
  const ok = execution.status === 'success';
  const finishedAt = execution.stoppedAt ?? new Date();
  const error = ok
    ? null
    : (execution.errorMessage ?? `n8n recorded the execution as ${execution.status}.`);
  const [updated] = await db
    .update(runs)
    .set({
      state: 'finished',
      ok,
      error,
      finishedAt,
      durationMs: Math.max(0, finishedAt.getTime() - run.startedAt.getTime()),
      confirmedByN8n: true,
      n8nExecutionId: execution.id,
    })
    .where(and(eq(runs.id, run.id), eq(runs.state, 'following')))
    .returning();
  if (updated && !ok) {
    await audit(db, {
      level: 'error',
      source: 'runs',
      message: `Run of "${processName}" failed in n8n: ${error}`,
      userId: run.clientUserId,
      actorId: run.triggeredBy,
      processId: run.processId,
      details: { runId: run.id, trigger: run.trigger, n8nExecutionId: execution.id },
    });
  }
  return !!updated;
}

/** Polls every few seconds. */
export function followUpJob(options: FollowUpOptions): Job {
  return {
    name: 'n8n-follow-up',
    title: 'Runs followed up in n8n',
    schedule: { everyMs: INTERVAL_MS, firstAfterMs: INTERVAL_MS },
    singleton: true,
    run: () => followUpRuns(options),
  };
}
