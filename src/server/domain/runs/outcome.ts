import type { RunRow } from '#server/db/schema.ts';
import { storable } from '#server/integrations/n8n/answer-body.ts';
import { SNIPPET_LENGTH } from '#server/integrations/n8n/answers.ts';
import { FINAL_STATUSES, type N8nExecutionDetail } from '#server/integrations/n8n/api.ts';
import type { WebhookResult } from '#server/integrations/n8n/webhook.ts';
import type { RunErrorKind } from '#shared/run-answers.ts';
import type { RunState } from '#shared/runs.ts';

// How a run ends, from the webhook's answer and, when the n8n API is configured and the
// process names its workflow, from n8n's execution of the run
// (docs/decisions/024-runs-confirmed-by-n8n.md). An answer says little on its own: a Wait
// over 65 s, a "respond immediately" webhook or a Respond to Webhook node answer 200 while
// the workflow goes on, and a failing last node answers only "Error in workflow".

export type Outcome = Pick<
  RunRow,
  'state' | 'ok' | 'error' | 'errorKind' | 'errorNode' | 'confirmedByN8n' | 'n8nExecutionId'
>;

/** Answers from a workflow n8n ran or may still run: 2xx, its 5xx, and no answer in time. */
export function isConfirmable(result: WebhookResult): boolean {
  if (result.ok) return true;
  if (result.status === null) return result.error?.kind === 'timeout';
  return result.status >= 500;
}

/** What the answer alone says. */
export function answerOutcome(result: WebhookResult): Outcome {
  return {
    state: 'finished',
    ok: result.ok,
    error: result.error ? storable(result.error.message) : null,
    errorKind: errorKindOf(result),
    errorNode: null,
    confirmedByN8n: false,
    n8nExecutionId: null,
  };
}

function errorKindOf(result: WebhookResult): RunErrorKind | null {
  if (result.ok) return null;
  if (result.status !== null) return 'status';
  const kind = result.error?.kind;
  if (kind === 'timeout') return 'timeout';
  return kind === 'blocked' || kind === 'invalid-url' ? 'refused' : 'unreachable';
}

/** How n8n recorded an execution that ended: its status, failing node and message. */
export function executionOutcome(execution: N8nExecutionDetail): Outcome {
  const ok = execution.status === 'success';
  return {
    state: 'finished',
    ok,
    error: ok ? null : executionErrorText(execution),
    errorKind: ok ? null : 'execution',
    errorNode: ok ? null : (execution.error?.node ?? null),
    confirmedByN8n: true,
    n8nExecutionId: execution.id,
  };
}

/** n8n's message and description, in the words n8n recorded them. */
function executionErrorText({ error, status }: N8nExecutionDetail): string {
  if (!error) return `n8n recorded the execution as ${status}.`;
  if (!error.description || error.description === error.message) return error.message;
  // "Bad request - please check your parameters: Invalid email address"
  const joint = /[.!?:]$/.test(error.message) ? ' ' : ': ';
  return `${error.message}${joint}${error.description}`.slice(0, SNIPPET_LENGTH * 2);
}

/**
 * The run's state once the answer came. `followed`: the API is configured and the process
 * has a workflow id. An execution that ended settles the run; one still under way, or a
 * 2xx answer (or none in time) whose execution does not show yet, makes it `following`.
 */
export function outcomeOf(
  result: WebhookResult,
  followed: boolean,
  execution: N8nExecutionDetail | null,
): Outcome {
  const fromAnswer = answerOutcome(result);
  if (!followed) {
    return result.startedOnly ? { ...fromAnswer, state: 'accepted', ok: true } : fromAnswer;
  }
  if (execution && FINAL_STATUSES.has(execution.status)) return executionOutcome(execution);
  const unknown = result.ok || result.error?.kind === 'timeout';
  if (!execution && !unknown) return fromAnswer;
  return {
    ...fromAnswer,
    state: 'following' satisfies RunState,
    ok: null,
    n8nExecutionId: execution?.id ?? null,
  };
}

/** What an admin reads of a run's error: with n8n's node and execution. */
export function adminRunError(
  run: Pick<RunRow, 'error' | 'errorNode' | 'n8nExecutionId' | 'statusCode'>,
): string {
  const error = run.error ?? `status ${run.statusCode}`;
  const node = run.errorNode ? `node "${run.errorNode}" failed: ` : '';
  const execution = run.n8nExecutionId ? ` (n8n execution ${run.n8nExecutionId})` : '';
  return `${node}${error}${execution}`;
}
