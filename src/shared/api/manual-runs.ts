import { ErrorSchema, MessageSchema } from '../answers.ts';
import { AskManualRunsResultSchema, ManualRunStateSchema } from '../manual-runs.ts';
import { IdParamsSchema } from './params.ts';
import { defineRoute } from './route.ts';

// Asking for manual runs (shared/manual-runs.ts): the account reads its state and asks;
// an admin grants a request from Today with one click.

export const manualRunsApi = {
  state: defineRoute({
    method: 'GET',
    path: '/api/manual-runs',
    audience: 'signed-in',
    tags: ['portal: processes'],
    summary: 'Whether this account runs workflows by hand, and its open request for it',
    responses: { 200: ManualRunStateSchema },
  }),
  ask: defineRoute({
    method: 'POST',
    path: '/api/manual-runs/request',
    audience: 'own-session',
    tags: ['portal: processes'],
    summary: 'Ask the consultancy to switch on manual runs (201; 200 with the open request)',
    description:
      'One open request per account: asking again while one is open answers it as it stands. A team member asks for the owner’s account. 409 when manual runs are on already.',
    responses: {
      200: AskManualRunsResultSchema,
      201: AskManualRunsResultSchema,
      409: ErrorSchema,
    },
  }),
  grant: defineRoute({
    method: 'POST',
    path: '/api/admin/manual-run-requests/:id/grant',
    audience: 'admin',
    tags: ['admin: clients'],
    summary: 'Turn on manual runs for the client who asked, and tell them by mail',
    params: IdParamsSchema,
    responses: { 200: MessageSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
  }),
};
