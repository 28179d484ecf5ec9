import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { processes, type RunRow, runs } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import type { Notifier } from '#server/domain/notifications/notifier.ts';
import { claimedExecutions } from '#server/domain/runs/n8n-execution.ts';
import { adminRunError, executionOutcome } from '#server/domain/runs/outcome.ts';
import {
  FINAL_STATUSES,
  type N8nApi,
  type N8nExecution,
  type N8nExecutionDetail,
} from '#server/integrations/n8n/api.ts';
import { clientRunError } from '#shared/run-answers.ts';
import type { Job } from './runner.ts';

// Follows up the runs whose n8n execution was still under way when the webhook answered
// (docs/decisions/024-runs-confirmed-by-n8n.md): a "respond immediately" webhook, a
// Respond to Webhook node, a Wait over 65 s that n8n parks, an answer that did not come in
// time. Each pass lists each workflow's recent executions once, without their data, and
// reads only the executions that started near a run's call, one by one; a run whose
// execution is known is read by id. One instance polls at a time, so n8n is not asked
// twice; each update is conditional on the run still following all the same.

export const FOLLOW_UP_INTERVAL_MS = 5_000;
const BATCH = 50;
/** A run n8n never reports is left after this long: `accepted`, or failed when it timed out. */
export const GIVE_UP_MS = 15 * 60_000;
/** Paging back this far before the oldest call of a pass (clocks differ a little). */
const LOOK_BACK_MS = 5_000;

export interface FollowUpOptions {
  db: Db;
  api: N8nApi;
  log?: FastifyBaseLogger;
  now?: () => Date;
  /** How often the job polls; FOLLOW_UP_INTERVAL_MS by default. */
  intervalMs?: number;
  /** Told of a run that failed in n8n (notifications), as a failed answer is. */
  notifier?: Pick<Notifier, 'notify'>;
}

interface Pending {
  run: RunRow;
  workflowId: string | null;
  processName: string;
}

/** One pass over the runs still following; returns how many were settled. */
export async function followUpRuns(options: FollowUpOptions) {
  const { db, api, log, now = () => new Date() } = options;
  const pending: Pending[] = await db
    .select({ run: runs, workflowId: processes.n8nWorkflowId, processName: processes.name })
    .from(runs)
    .innerJoin(processes, eq(processes.id, runs.processId))
    .where(eq(runs.state, 'following'))
    // Those asked about longest ago first: a Wait of days does not hold up newer runs.
    .orderBy(sql`${runs.n8nCheckedAt} asc nulls first`, asc(runs.startedAt))
    .limit(BATCH);
  if (pending.length === 0) return 0;
  await db
    .update(runs)
    .set({ n8nCheckedAt: now() })
    .where(
      inArray(
        runs.id,
        pending.map((p) => p.run.id),
      ),
    );
  const times = pending.map((p) => p.run.startedAt.getTime());
  const first = new Date(Math.min(...times));
  const claimed = await claimedExecutions(
    db,
    pending.map((p) => p.run.processId),
    first,
    new Date(Math.max(...times)),
  );
  // Each workflow's executions are listed once a pass, and each execution read once.
  const lists = new Map<string, Promise<N8nExecution[]>>();
  const read = new Map<string, Promise<N8nExecutionDetail | null>>();
  const recentOf = (workflowId: string) => {
    let list = lists.get(workflowId);
    if (!list) {
      list = api.recentExecutions(workflowId, new Date(first.getTime() - LOOK_BACK_MS));
      lists.set(workflowId, list);
    }
    return list;
  };
  const tooOld = (run: RunRow) => now().getTime() - run.startedAt.getTime() > GIVE_UP_MS;

  let settled = 0;
  for (const { run, workflowId, processName } of pending) {
    try {
      const execution = !workflowId
        ? null
        : run.n8nExecutionId
          ? await knownExecution(api, run.n8nExecutionId)
          : await api.findExecution({
              workflowId,
              runId: run.id,
              calledAt: run.startedAt,
              // Executions matched to other runs; this run's own stays a match.
              exclude: claimed,
              recent: await recentOf(workflowId),
              read,
            });
      if (execution) claimed.add(execution.id);
      if (execution && FINAL_STATUSES.has(execution.status)) {
        if (await confirm(options, run, execution, processName)) settled++;
      } else if (execution && execution.id !== run.n8nExecutionId) {
        await db
          .update(runs)
          .set({ n8nExecutionId: execution.id })
          .where(and(eq(runs.id, run.id), eq(runs.state, 'following')));
      } else if (!execution && tooOld(run)) {
        await giveUp(db, run);
      }
    } catch (error) {
      log?.warn({ err: error, runId: run.id }, 'n8n follow-up failed; trying again later');
      if (tooOld(run)) await giveUp(db, run);
    }
  }
  return settled;
}

/** An execution known by id: its status without data, and its data once it failed. */
async function knownExecution(api: N8nApi, id: string): Promise<N8nExecutionDetail | null> {
  const execution = await api.getExecution(id);
  if (!execution || !FINAL_STATUSES.has(execution.status) || execution.status === 'success') {
    return execution;
  }
  return (await api.getExecution(id, { includeData: true })) ?? execution;
}

/**
 * A run n8n has not reported for GIVE_UP_MS: `accepted` (started, outcome unknown) after a
 * 2xx answer; failed, as its answer said, when no answer came in time.
 */
const giveUp = (db: Db, run: RunRow) =>
  db
    .update(runs)
    .set(
      run.errorKind === 'timeout'
        ? { state: 'finished', ok: false }
        : { state: 'accepted', ok: true },
    )
    .where(and(eq(runs.id, run.id), eq(runs.state, 'following')));

async function confirm(
  { db, notifier }: FollowUpOptions,
  run: RunRow,
  execution: N8nExecutionDetail,
  processName: string,
): Promise<boolean> {
  const outcome = executionOutcome(execution);
  const finishedAt = execution.stoppedAt ?? new Date();
  const [updated] = await db
    .update(runs)
    .set({
      ...outcome,
      finishedAt,
      durationMs: Math.max(0, finishedAt.getTime() - run.startedAt.getTime()),
    })
    .where(and(eq(runs.id, run.id), eq(runs.state, 'following')))
    .returning();
  if (updated && !updated.ok) {
    await audit(db, {
      level: 'error',
      source: 'runs',
      message: `Run of "${processName}" failed in n8n: ${adminRunError(updated)}`,
      userId: run.clientUserId,
      actorId: run.triggeredBy,
      processId: run.processId,
      details: { runId: run.id, trigger: run.trigger, n8nExecutionId: execution.id },
    });
    notifier?.notify({
      processId: run.processId,
      ownerId: run.clientUserId,
      kind: 'failure',
      reason: clientRunError(updated.errorKind, updated.error) ?? 'the workflow failed in n8n',
    });
  }
  return !!updated;
}

/** Polls every few seconds. */
export function followUpJob(options: FollowUpOptions): Job {
  const everyMs = options.intervalMs ?? FOLLOW_UP_INTERVAL_MS;
  return {
    name: 'n8n-follow-up',
    title: 'Runs followed up in n8n',
    schedule: { everyMs, firstAfterMs: everyMs },
    singleton: true,
    run: () => followUpRuns(options),
  };
}
