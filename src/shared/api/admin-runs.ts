import { z } from 'zod';
import { AdminRunsPageSchema, AdminRunsQuerySchema } from '../admin-runs.ts';
import { ErrorSchema } from '../answers.ts';
import { RetriedRunSchema } from '../runs.ts';
import { defineRoute } from './route.ts';

// Every run of every client for admins, newest first, 50 to a page after the cursor.

export const adminRunsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/runs',
    audience: 'admin',
    tags: ['admin: runs'],
    summary: 'Runs of every client, newest first, filtered and paged by a cursor',
    description:
      'Filters by client, process, state, outcome, trigger and days started (UTC); q finds a run by its whole id or n8n execution id. Each run carries its client, its process, the webhook host and path (no query string) and the n8n execution.',
    query: AdminRunsQuerySchema,
    responses: { 200: AdminRunsPageSchema, 400: ErrorSchema },
  }),
  retry: defineRoute({
    method: 'POST',
    path: '/api/admin/runs/:runId/retry',
    audience: 'admin',
    tags: ['admin: runs'],
    summary: "Run any ended run of a client again, under the client's plan",
    description:
      "Starts a new run of the same process with the same inputs, as a run by hand on the client's account (its plan, its limits, its live webhook), and answers with it once it ends or after the manual wait. Audited.",
    params: z.object({ runId: z.string().min(1).max(100) }),
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
