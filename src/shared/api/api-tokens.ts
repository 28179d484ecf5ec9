import { ErrorSchema, MessageSchema } from '../answers.ts';
import {
  ApiTokenListSchema,
  ApiTokenParamsSchema,
  apiTokenMessages,
  CreateApiTokenSchema,
  CreatedApiTokenSchema,
} from '../api-tokens.ts';
import { defineRoute } from './route.ts';

// A person's personal API tokens on Profile (docs/decisions/025-personal-api-tokens.md):
// listed, made and revoked in their own session only. A token is the person's credential,
// so an admin testing as the client neither sees nor makes one, and a token itself cannot
// call these routes (they do not take `apiToken`).

const own = {
  audience: 'own-session',
  refusal: apiTokenMessages.impersonating,
  tags: ['account: API tokens'],
} as const;

export const apiTokensApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/account/api-tokens',
    ...own,
    summary: 'Your API tokens, newest first, without their secrets (revoked ones are gone)',
    responses: { 200: ApiTokenListSchema, 403: ErrorSchema },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/account/api-tokens',
    ...own,
    summary: 'Make an API token; its secret is in this answer only',
    description:
      'The secret (`pat_…`) is shown once and kept only as a hash. Send it as `Authorization: Bearer pat_…` to the routes that accept API tokens.',
    body: CreateApiTokenSchema,
    responses: { 201: CreatedApiTokenSchema, 400: ErrorSchema, 403: ErrorSchema, 409: ErrorSchema },
  }),
  revoke: defineRoute({
    method: 'DELETE',
    path: '/api/account/api-tokens/:id',
    ...own,
    summary: 'Revoke an API token: it stops working at once',
    params: ApiTokenParamsSchema,
    responses: { 200: MessageSchema, 400: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
  }),
};
