import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { type ProcessRow, type RunRow, runs, type UserRow, users } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { DomainError } from '#server/domain/errors.ts';
import type { Notifier } from '#server/domain/notifications/notifier.ts';
import { storable } from '#server/integrations/n8n/answer-body.ts';
import { SNIPPET_LENGTH } from '#server/integrations/n8n/answers.ts';
import type { N8nApi } from '#server/integrations/n8n/api.ts';
import type {
  WebhookCaller,
  WebhookResult,
  WebhookTarget,
} from '#server/integrations/n8n/webhook.ts';
import type { InputValues } from '#shared/process-inputs.ts';
import { WEBHOOK_TIMEOUT } from '#shared/processes.ts';
import { clientRunError } from '#shared/run-answers.ts';
import type { RunTarget } from '#shared/run-policy.ts';
import type { RunTrigger } from '#shared/runs.ts';
import type { WebhookPayload } from '#shared/webhook-payload.ts';
import { trackRun } from './in-flight.ts';
import { executionOfRun } from './n8n-execution.ts';
import { adminRunError, isConfirmable, type Outcome, outcomeOf } from './outcome.ts';
import { finishRun, insertRun, type RunFinish, type RunWrites } from './run-writes.ts';

// Runs a process: records the run as running, calls the address mayRun chose (the
// webhook, or the fallback when paused) through the n8n integration, records the answer,
// and audits a failure. Manual runs, scheduled runs and admin tests all come through here,
// once mayRun (shared/run-policy.ts) has let them.

export { SNIPPET_LENGTH };

export interface RunContext {
  db: Db;
  n8n: WebhookCaller;
  /** Told when a run ends (metrics); the domain knows nothing of what listens. */
  observer?: RunObserver;
  /**
   * n8n's API when it is configured (N8N_API_URL and N8N_API_KEY): each run of a process
   * with a workflow id is then checked against n8n's execution of it, and followed up
   * while that execution is under way (jobs/n8n-follow-up.ts).
   */
  n8nApi?: N8nApi | null;
  log?: FastifyBaseLogger;
  /** Told of a failed run (notifications); it never delays or fails the run. */
  notifier?: Pick<Notifier, 'notify'>;
  /** Writes runs started or finished together in one statement (the scheduler's batches). */
  writes?: RunWrites;
}

/**
 * How a run ended: the webhook answered 2xx (succeeded) or another status (failed), did
 * not answer in time (timeout), could not be reached or was refused by the address rules
 * (unreachable), or its server stopped before the answer came (interrupted); n8n started
 * the workflow without waiting for it (accepted: a "respond immediately" webhook).
 */
export const runEnds = [
  'succeeded',
  'failed',
  'timeout',
  'unreachable',
  'interrupted',
  'accepted',
] as const;
export type RunEnd = (typeof runEnds)[number];

export interface EndedRun {
  trigger: RunTrigger;
  outcome: RunEnd;
  /** How long the webhook call took; null for an interrupted run. */
  durationMs: number | null;
}

export interface RunObserver {
  runEnded(run: EndedRun): void;
}

export function endOf(result: WebhookResult): Exclude<RunEnd, 'interrupted'> {
  if (result.startedOnly) return 'accepted';
  if (result.ok) return 'succeeded';
  if (result.status !== null) return 'failed';
  return result.error?.kind === 'timeout' ? 'timeout' : 'unreachable';
}

/** How the run ended once n8n's execution was looked at (metrics). */
export function endOfRun(run: RunRow, result: WebhookResult): Exclude<RunEnd, 'interrupted'> {
  if (run.state === 'following' || run.state === 'accepted') return 'accepted';
  if (run.confirmedByN8n) return run.ok ? 'succeeded' : 'failed';
  return endOf(result);
}

export interface RunRequest {
  trigger: RunTrigger;
  triggeredBy: string | null;
  scheduleId?: string | null;
  scheduledFor?: Date | null;
  /** Where the run goes, as mayRun answered it. */
  target: RunTarget;
  /** Checked values for the process's inputs (null for a process without inputs). */
  inputs?: InputValues | null;
  /** The personal API token that started it (trigger `api`, docs/decisions/025). */
  apiTokenId?: string | null;
  /** The run this one runs again. */
  retryOf?: string | null;
  /**
   * The process's owner, when the caller has read it already (the scheduler claims it
   * with the schedule): the payload then needs no look-up of its own.
   */
  owner?: Person;
}

type Person = Pick<UserRow, 'id' | 'email' | 'companyName'>;

export interface RunOutcome {
  run: RunRow;
  result: WebhookResult;
}

/** A run recorded and its webhook call under way; `done` settles when the call ends. */
export interface StartedRun {
  run: RunRow;
  done: Promise<RunOutcome>;
}

export interface StartOptions {
  /** Manual runs: at most this many of the account's may be under way at once (rate-limited). */
  maxInFlight?: number;
}

/** This process's webhook timeout in milliseconds (1 s to 10 minutes). */
export const timeoutMsOf = (process: ProcessRow) =>
  (process.webhookTimeoutSeconds || WEBHOOK_TIMEOUT.defaultSeconds) * 1000;

/** Runs a process and waits for the webhook's answer (admin tests, and tests). */
export async function runProcess(
  context: RunContext,
  process: ProcessRow,
  request: RunRequest,
  options: StartOptions = {},
): Promise<RunOutcome> {
  return (await startRun(context, process, request, options)).done;
}

/**
 * Records the run and starts its webhook call without waiting for the answer, which may
 * take up to the process's timeout (10 minutes). No database connection is held while
 * the workflow runs; the call is tracked so a graceful stop can wait for it.
 */
export async function startRun(
  context: RunContext,
  process: ProcessRow,
  request: RunRequest,
  options: StartOptions = {},
): Promise<StartedRun> {
  const { db, n8n, observer } = context;
  const { target } = request;
  // Written before the call: a server that dies mid-call leaves a `running` run behind.
  const started = await recordStart(context, process, request, target, options);
  const payload = await payloadOf(db, process, request, started);
  const call = n8n.call(webhookTarget(process, target.url), payload, {
    timeoutMs: timeoutMsOf(process),
  });
  const done = trackRun(
    started.id,
    call.then(async (result) => {
      const api = process.n8nWorkflowId ? (context.n8nApi ?? null) : null;
      const execution =
        api && process.n8nWorkflowId && isConfirmable(result)
          ? await executionOfRun(db, api, started, process.n8nWorkflowId, context.log)
          : null;
      const run = await recordFinish(
        context,
        started.id,
        result,
        outcomeOf(result, !!api, execution),
      );
      observer?.runEnded({
        trigger: request.trigger,
        outcome: endOfRun(run, result),
        durationMs: result.durationMs,
      });
      if (run.state === 'finished' && run.ok === false) {
        await auditFailure(db, process, request, run, result, target.fallback);
        context.notifier?.notify({
          processId: process.id,
          ownerId: process.clientUserId,
          kind: 'failure',
          reason:
            clientRunError(run.errorKind, run.error) ?? `the workflow answered ${result.status}`,
        });
      }
      return { run, result };
    }),
  );
  return { run: started, done };
}

/**
 * The run's outcome if it comes within `waitMs`, else null: the call goes on and its
 * result lands in the run history (a manual run answers 202, a scheduler slot moves on).
 */
export async function settleWithin<T>(done: Promise<T>, waitMs: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), waitMs);
  });
  try {
    return await Promise.race([done, gaveUp]);
  } finally {
    clearTimeout(timer);
  }
}

const webhookTarget = (process: ProcessRow, url: string): WebhookTarget => ({
  url,
  method: process.httpMethod,
  authKey: process.webhookAuthKey,
  authHeaderName: process.webhookAuthHeaderName,
  authUseBearer: process.webhookAuthUseBearer,
  basicUser: process.webhookAuthBasicUser,
  basicPass: process.webhookAuthBasicPass,
  jwtSecret: process.webhookAuthJwtSecret,
});

/** What the workflow receives (shared/webhook-payload.ts documents it). */
async function payloadOf(
  db: Db,
  process: ProcessRow,
  request: RunRequest,
  run: RunRow,
): Promise<WebhookPayload> {
  const people = await peopleOf(db, process.clientUserId, request);
  const owner = people.find((p) => p.id === process.clientUserId);
  const actor = people.find((p) => p.id === request.triggeredBy);
  return {
    runId: run.id,
    processId: process.id,
    processName: process.name,
    workflowId: process.n8nWorkflowId,
    trigger: request.trigger,
    triggeredAt: run.startedAt.toISOString(),
    account: { id: process.clientUserId, companyName: owner?.companyName ?? null },
    triggeredBy: actor ? { userId: actor.id, email: actor.email } : 'schedule',
    ...(request.inputs ? { inputs: request.inputs } : {}),
    ...(request.retryOf ? { retryOf: request.retryOf } : {}),
  };
}

/** The owner and whoever started the run, read only when the caller did not bring them. */
async function peopleOf(db: Db, ownerId: string, request: RunRequest): Promise<Person[]> {
  const { owner, triggeredBy } = request;
  if (owner?.id === ownerId && (!triggeredBy || triggeredBy === ownerId)) return [owner];
  const ids = [ownerId, ...(triggeredBy ? [triggeredBy] : [])];
  return db
    .select({ id: users.id, email: users.email, companyName: users.companyName })
    .from(users)
    .where(inArray(users.id, ids));
}

export const tooManyRunsMessage = (max: number) =>
  `${max} runs of this account are still under way. Wait for one to finish, then try again.`;

async function recordStart(
  { db, writes }: RunContext,
  process: ProcessRow,
  request: RunRequest,
  target: RunTarget,
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
    inputs: request.inputs ?? null,
    apiTokenId: request.apiTokenId ?? null,
    retryOf: request.retryOf ?? null,
  };
  const { maxInFlight } = options;
  if (maxInFlight === undefined) return writes ? writes.insert(values) : insertRun(db, values);
  return db.transaction(async (tx) => {
    // One account's manual runs are counted and added one at a time, on any instance.
    await tx.execute(
      sql`select pg_advisory_xact_lock(${RUN_LOCK_SPACE}, hashtext(${process.clientUserId}))`,
    );
    // Older `running` rows were left by a server that stopped; they do not count.
    const since = new Date(Date.now() - timeoutMsOf(process) - 5_000);
    const [row] = await tx
      .select({ n: count() })
      .from(runs)
      .where(
        and(
          eq(runs.clientUserId, process.clientUserId),
          eq(runs.state, 'running'),
          // Runs started with an API token share the limit of runs started by hand.
          inArray(runs.trigger, ['manual', 'api']),
          gt(runs.startedAt, since),
        ),
      );
    if ((row?.n ?? 0) >= maxInFlight) {
      throw new DomainError('rate-limited', tooManyRunsMessage(maxInFlight));
    }
    return insertRun(tx, values);
  });
}

/** Arbitrary constant: the advisory lock namespace of per-account run counting. */
const RUN_LOCK_SPACE = 7_240_114;

async function recordFinish(
  { db, writes }: RunContext,
  id: string,
  result: WebhookResult,
  outcome: Outcome,
): Promise<RunRow> {
  const { answer } = result;
  const values = {
    ...outcome,
    finishedAt: new Date(),
    durationMs: result.durationMs,
    statusCode: result.status,
    bodySnippet: storable(result.body.slice(0, SNIPPET_LENGTH)) || null,
    answerContentType: answer?.contentType ?? null,
    answerBytes: answer?.bytes ?? null,
    answerCut: answer?.cut ?? false,
    answerBinary: answer?.binary ?? false,
  };
  // The webhook's answer is the truth, even if a sweep marked the run interrupted meanwhile.
  const update = (set: RunFinish) => (writes ? writes.finish(id, set) : finishRun(db, id, set));
  return update(values).catch(async (error: unknown) => {
    // Whatever the answer held, the run is recorded: without what could not be stored.
    const kept = { ...values, bodySnippet: null, answerContentType: null };
    return update(kept).catch(() => {
      throw error;
    });
  });
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
    message: `Run of "${process.name}" failed: ${adminRunError(run)}`,
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
      ...(run.n8nExecutionId ? { n8nExecutionId: run.n8nExecutionId } : {}),
    },
  });
}
