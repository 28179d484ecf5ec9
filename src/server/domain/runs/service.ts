import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type ProcessRow, type RunRow, runs } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { HttpError } from '#server/http/errors.ts';
import type {
  WebhookCaller,
  WebhookResult,
  WebhookTarget,
} from '#server/integrations/n8n/webhook.ts';
import type { RunTrigger } from '#shared/runs.ts';
import { trackRun } from './in-flight.ts';

// Runs a process: picks the address (the webhook, or the fallback when paused), records
// the run as running, calls it through the n8n integration, records the answer, and
// audits a failure. Manual runs, scheduled runs and admin tests all come through here.

export const SNIPPET_LENGTH = 300;

export interface RunContext {
  db: Db;
  n8n: WebhookCaller;
}

export interface RunRequest {
  trigger: RunTrigger;
  triggeredBy: string | null;
  scheduleId?: string | null;
  scheduledFor?: Date | null;
  /** Admin tests call the process's own webhook even when it is paused. */
  ignorePause?: boolean;
}

export type RunOutcome =
  | { kind: 'ran'; run: RunRow; result: WebhookResult }
  | { kind: 'paused' }
  | { kind: 'no-url' };

export function targetUrlOf(process: ProcessRow, ignorePause = false) {
  if (process.isActive || ignorePause) {
    return process.n8nWebhookUrl ? { url: process.n8nWebhookUrl, fallback: false } : null;
  }
  return process.inactiveFallbackWebhookUrl
    ? { url: process.inactiveFallbackWebhookUrl, fallback: true }
    : null;
}

export interface StartOptions {
  /** Manual runs: at most this many of the account's may be under way at once (429). */
  maxInFlight?: number;
  /** How long a webhook call may take: older `running` rows do not count as in flight. */
  webhookTimeoutMs?: number;
}

export async function runProcess(
  { db, n8n }: RunContext,
  process: ProcessRow,
  request: RunRequest,
  options: StartOptions = {},
): Promise<RunOutcome> {
  const target = targetUrlOf(process, request.ignorePause);
  if (!target)
    return process.isActive || request.ignorePause ? { kind: 'no-url' } : { kind: 'paused' };

  // Written before the call: a server that dies mid-call leaves a `running` run behind.
  const started = await recordStart(db, process, request, target, options);
  const result = await trackRun(
    started.id,
    n8n.call(webhookTarget(process, target.url), payloadOf(process, request, started)),
  );
  const run = await recordFinish(db, started.id, result);
  if (!result.ok) await auditFailure(db, process, request, run, result, target.fallback);
  return { kind: 'ran', run, result };
}

const webhookTarget = (process: ProcessRow, url: string): WebhookTarget => ({
  url,
  method: process.httpMethod,
  authKey: process.webhookAuthKey,
  authHeaderName: process.webhookAuthHeaderName,
  authUseBearer: process.webhookAuthUseBearer,
  basicUser: process.webhookAuthBasicUser,
  basicPass: process.webhookAuthBasicPass,
});

const payloadOf = (process: ProcessRow, request: RunRequest, run: RunRow) => ({
  runId: run.id,
  processId: process.id,
  processName: process.name,
  workflowId: process.n8nWorkflowId,
  trigger: request.trigger,
  triggeredAt: run.startedAt.toISOString(),
});

export const tooManyRunsMessage = (max: number) =>
  `${max} runs of this account are still under way. Wait for one to finish, then try again.`;

async function recordStart(
  db: Db,
  process: ProcessRow,
  request: RunRequest,
  target: { url: string; fallback: boolean },
  options: StartOptions,
): Promise<RunRow> {
  const values = {
    processId: process.id,
    clientUserId: process.clientUserId,
    trigger: request.trigger,
    triggeredBy: request.triggeredBy,
    scheduleId: request.scheduleId ?? null,
    scheduledFor: request.scheduledFor ?? null,
    targetUrl: target.url,
    usedFallback: target.fallback,
    startedAt: new Date(),
    state: 'running' as const,
  };
  const { maxInFlight } = options;
  if (maxInFlight === undefined) return insertRun(db, values);
  return db.transaction(async (tx) => {
    // One account's manual runs are counted and added one at a time, on any instance.
    await tx.execute(
      sql`select pg_advisory_xact_lock(${RUN_LOCK_SPACE}, hashtext(${process.clientUserId}))`,
    );
    const since = new Date(Date.now() - (options.webhookTimeoutMs ?? 30_000) - 5_000);
    const [row] = await tx
      .select({ n: count() })
      .from(runs)
      .where(
        and(
          eq(runs.clientUserId, process.clientUserId),
          eq(runs.state, 'running'),
          eq(runs.trigger, 'manual'),
          gt(runs.startedAt, since),
        ),
      );
    if ((row?.n ?? 0) >= maxInFlight) throw new HttpError(429, tooManyRunsMessage(maxInFlight));
    return insertRun(tx, values);
  });
}

/** Arbitrary constant: the advisory lock namespace of per-account run counting. */
const RUN_LOCK_SPACE = 7_240_114;

async function insertRun(db: Db, values: typeof runs.$inferInsert): Promise<RunRow> {
  const [run] = await db.insert(runs).values(values).returning();
  if (!run) throw new Error('run insert returned no row');
  return run;
}

async function recordFinish(db: Db, id: string, result: WebhookResult): Promise<RunRow> {
  // The webhook's answer is the truth, even if a sweep marked the run interrupted meanwhile.
  const [run] = await db
    .update(runs)
    .set({
      state: 'finished',
      finishedAt: new Date(),
      durationMs: result.durationMs,
      statusCode: result.status,
      ok: result.ok,
      error: result.error?.message ?? null,
      bodySnippet: result.body.slice(0, SNIPPET_LENGTH),
    })
    .where(eq(runs.id, id))
    .returning();
  if (!run) throw new Error('run update matched no row');
  return run;
}

async function auditFailure(
  db: Db,
  process: ProcessRow,
  request: RunRequest,
  run: RunRow,
  result: WebhookResult,
  usedFallback: boolean,
) {
  await audit(db, {
    level: 'error',
    source: 'runs',
    message: `Run of "${process.name}" failed: ${result.error?.message ?? `status ${result.status}`}`,
    userId: process.clientUserId,
    actorId: request.triggeredBy,
    processId: process.id,
    details: {
      runId: run.id,
      trigger: request.trigger,
      status: result.status,
      durationMs: result.durationMs,
      usedFallback,
      snippet: run.bodySnippet,
    },
  });
}
