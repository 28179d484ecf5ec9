import type { InputValues } from './process-inputs.ts';
import type { RunTrigger } from './runs.ts';

/**
 * What a workflow receives on every call, as the JSON body (or, for GET and
 * DELETE webhooks, as query parameters). Documented for admins in the process form's help
 * and in the OpenAPI description of the trigger call.
 */
export interface WebhookPayload {
  /** Unique per run; also sent as the Idempotency-Key and X-Run-Id headers. */
  runId: string;
  processId: string;
  processName: string;
  workflowId: string | null;
  trigger: RunTrigger;
  /** ISO 8601, UTC. */
  triggeredAt: string;
  /** The client account the process belongs to. */
  account: { id: string; companyName: string | null };
  /** Who pressed Run (or the admin who tested it, or whose API token started it), or "schedule". */
  triggeredBy: { userId: string; email: string } | 'schedule';
  /** The values entered for the process's inputs; absent when it has none. */
  inputs?: InputValues;
  /** The run this one runs again (Run again on a failed run); absent otherwise. */
  retryOf?: string;
}

/** The payload's description, for the admin help text and the OpenAPI description. */
export const PAYLOAD_DESCRIPTION =
  'Each call sends JSON: runId (unique; also in the Idempotency-Key and X-Run-Id headers), ' +
  'processId, processName, workflowId, trigger (manual, schedule, test or api), triggeredAt ' +
  '(ISO 8601, UTC), account {id, companyName}, triggeredBy ({userId, email} or "schedule") ' +
  'and, for a process with inputs, inputs {name: value}; a run that runs a failed one again ' +
  "also sends retryOf, the earlier run's runId. GET and DELETE webhooks receive the " +
  'same fields as query parameters (objects as JSON text).';
