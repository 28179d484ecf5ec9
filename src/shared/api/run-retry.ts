import { z } from 'zod';
import { ErrorSchema } from '../answers.ts';
import { MANUAL_WAIT_MS, RetriedRunSchema } from '../runs.ts';
import { defineRoute } from './route.ts';

// Run again: a run that failed, timed out or was interrupted starts anew with the same
// inputs and a new run id, and the new run names the one it runs again (shared/runs.ts
// mayRetry). An admin testing as the client may run any ended run again.

const RunParamsSchema = z.object({ runId: z.string().min(1).max(100) });

export const runRetryApi = {
  retry: defineRoute({
    method: 'POST',
    path: '/api/n8n/runs/:runId/retry',
    audience: 'signed-in',
    tags: ['portal: processes'],
    summary: 'Run a failed, timed-out or interrupted run again, with the same inputs',
    description: `Starts a new run of the same process under the rules of a run by hand, now, and answers with it once it ends or after ${MANUAL_WAIT_MS / 1000} s (then still under way: its result appears in the run history). The new run's retryOf names the earlier one, whose retriedAs names the new one.`,
    params: RunParamsSchema,
    responses: {
      201: RetriedRunSchema,
      400: ErrorSchema,
      402: ErrorSchema,
      403: ErrorSchema,
      404: ErrorSchema,
      409: ErrorSchema,
      429: ErrorSchema,
    },
  }),
};
