import { AdminRunsPageSchema, AdminRunsQuerySchema } from '../admin-runs.ts';
import { ErrorSchema } from '../answers.ts';
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
};
