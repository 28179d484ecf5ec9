import { z } from 'zod';
import { PageCursorSchema } from './page-cursor.ts';
import { RunAnswerSchema, runErrorKinds } from './run-answers.ts';

// Runs (DESIGN §1): every call of a process's webhook, manual, scheduled or an admin's
// test, as the portal reads them back within the plan's log retention (SPEC §7).

/** `api`: started with a personal API token from the client's own software. */
export const runTriggers = ['manual', 'schedule', 'test', 'api'] as const;
export type RunTrigger = (typeof runTriggers)[number];

/**
 * A run is written as `running` before its webhook is called and `finished` after, so a
 * server that dies mid-call leaves a trace; such runs are later marked `interrupted`.
 * With the n8n API configured and a workflow id, every answer is checked against n8n's
 * execution of the run: one still waiting or running (a "respond immediately" webhook, a
 * Respond to Webhook node, a long Wait) makes the run `following` until n8n records how it
 * ended (then `finished`, confirmed by n8n). Without the API only "Workflow was started"
 * is known to say nothing of the outcome: such a run is `accepted`.
 */
export const runStates = ['running', 'finished', 'interrupted', 'following', 'accepted'] as const;
export type RunState = (typeof runStates)[number];

/** How long Run waits for the workflow before answering 202 (it goes on meanwhile). */
export const MANUAL_WAIT_MS = 25_000;

/** The texts of Run's 202 answers, shown as they are. */
export const runMessages = {
  stillRunning:
    'The workflow is still running. Its result will appear in the run history when n8n answers.',
  following:
    'n8n started the workflow. Its result will appear in the run history once n8n reports how it ended.',
  accepted:
    'n8n accepted the run and started the workflow; it answers before the workflow ends, so its outcome is not known here.',
} as const;

/** The newest run of a process, on the portal's process list. */
export const LastRunSchema = z.object({
  startedAt: z.string(),
  state: z.enum(runStates),
  /** Null while running. */
  ok: z.boolean().nullable(),
  statusCode: z.number().nullable(),
  /** How long the webhook took to answer ("Ran successfully in 0.8 s"). */
  durationMs: z.number().nullable(),
  trigger: z.enum(runTriggers),
  /** True once the outcome comes from n8n's own execution record (the n8n API). */
  confirmedByN8n: z.boolean(),
  /** Why it failed ("No answer within 30 s" reads better than "could not be reached"). */
  errorKind: z.enum(runErrorKinds).nullable(),
});
export type LastRun = z.infer<typeof LastRunSchema>;

/** The other run of a retry pair: its id and start, for "Retry of the run of …". */
export const RunLinkSchema = z.object({ _id: z.string(), startedAt: z.string() });
export type RunLink = z.infer<typeof RunLinkSchema>;

export const RunSchema = z.object({
  _id: z.string(),
  processId: z.string(),
  trigger: z.enum(runTriggers),
  triggeredBy: z.string().nullable(),
  /** The name (or e-mail) of who started it, when that user still exists. */
  triggeredByName: z.string().nullable(),
  startedAt: z.string(),
  state: z.enum(runStates),
  finishedAt: z.string().nullable(),
  /** Null while running. */
  durationMs: z.number().nullable(),
  statusCode: z.number().nullable(),
  /** Null while running; false once interrupted. */
  ok: z.boolean().nullable(),
  /** Why it failed; `error` says it in words a client reads (shared/run-answers.ts). */
  errorKind: z.enum(runErrorKinds).nullable(),
  error: z.string().nullable(),
  /** The start of a text answer; null for a file (see `answer`) or no answer. */
  bodySnippet: z.string().nullable(),
  /** The answer's type and size, and whether it was cut or is a file; null without one. */
  answer: RunAnswerSchema.nullable(),
  /** True once the outcome comes from n8n's own execution record (the n8n API). */
  confirmedByN8n: z.boolean(),
  /** n8n's execution id, when the run was followed up through the n8n API. */
  n8nExecutionId: z.string().nullable(),
  /** The values the client entered (or the defaults, for a scheduled run). */
  inputs: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).nullable(),
  /** The run this one ran again (Run again), with the same inputs. */
  retryOf: RunLinkSchema.nullable(),
  /** The newest run that ran this one again. */
  retriedAs: RunLinkSchema.nullable(),
});
export type Run = z.infer<typeof RunSchema>;

/**
 * Which runs may be run again: a client's that failed, timed out or was interrupted; an
 * admin testing as the client, any run that has ended. Either way under the rules of a
 * run by hand, now (run-policy.ts).
 */
export function mayRetry(run: Pick<Run, 'state' | 'ok'>, byAdmin: boolean): boolean {
  if (run.state === 'running' || run.state === 'following') return false;
  if (byAdmin) return true;
  return run.state === 'interrupted' || (run.state === 'finished' && run.ok === false);
}

export const retryMessages = {
  notRetryable: 'Only a run that failed, timed out or was interrupted can be run again.',
  underWay: 'This run is still under way; it can be run again once it has ended.',
} as const;

/** POST /api/n8n/runs/{id}/retry: the new run as it stands after Run's wait. */
export const RetriedRunSchema = z.object({ run: RunSchema });
export type RetriedRun = z.infer<typeof RetriedRunSchema>;

/** GET /api/n8n/processes/{id}/runs: the newest runs within the plan's retention. */
export const RunHistorySchema = z.object({
  retentionDays: z.number(),
  runs: z.array(RunSchema),
  /** Pass as `before` for the older runs; null on the last page (shared/page-cursor.ts). */
  nextCursor: z.string().nullable(),
});
export type RunHistory = z.infer<typeof RunHistorySchema>;

/** The run history's query: ok or failed runs only, a page size, and older pages. */
export const RunHistoryQuerySchema = z.object({
  status: z.enum(['ok', 'failed']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** Older runs: those before the page that answered this nextCursor. */
  before: PageCursorSchema.optional(),
});
