import { ErrorSchema, MessageSchema } from '../answers.ts';
import { ImpersonationTokenSchema } from '../impersonation.ts';
import { IdParamsSchema } from './params.ts';
import { defineRoute } from './route.ts';

// "Test as client" (SPEC §4 Impersonation): an admin starts a test session of a client,
// and the test session itself says it is over. Ending is open to any session, so a
// session that is not a test hears so instead of a refusal.

export const impersonationApi = {
  start: defineRoute({
    method: 'POST',
    path: '/api/admin/impersonate/:id',
    audience: 'admin',
    tags: ['admin: clients'],
    summary: 'A one-hour token to use the portal as this client',
    params: IdParamsSchema,
    responses: { 200: ImpersonationTokenSchema, 403: ErrorSchema, 404: ErrorSchema },
  }),
  end: defineRoute({
    method: 'POST',
    path: '/api/auth/impersonation/end',
    audience: 'signed-in',
    tags: ['auth'],
    summary: 'End an impersonation session: its token stops working at once',
    responses: { 200: MessageSchema, 400: ErrorSchema },
  }),
};
