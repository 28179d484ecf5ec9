import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { currentUser } from '#server/auth/guards.ts';
import { apiTokensApi as api } from '#shared/api/api-tokens.ts';
import { apiTokenMessages } from '#shared/api-tokens.ts';
import { createApiToken, listApiTokens, revokeApiToken } from './service.ts';

// /api/account/api-tokens: a person's personal API tokens on Profile (docs/decisions/
// 025-personal-api-tokens.md). Their own session only (the routes' audience); making one
// counts against the sign-in rate limit, as adding a passkey does.

export const apiTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const limited = { config: { rateLimit: 'auth', rateLimitPer: 'account' } } as const;

  serve(app, api.list, async (request) => ({
    tokens: await listApiTokens(db, currentUser(request).id),
  }));

  serve(app, api.create, limited, async (request) =>
    createApiToken(db, currentUser(request), request.body, request.ip),
  );

  serve(app, api.revoke, async (request) => {
    await revokeApiToken(db, currentUser(request), request.params.id, request.ip);
    return { message: apiTokenMessages.revoked };
  });
};
