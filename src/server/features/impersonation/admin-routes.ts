import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { currentUser } from '#server/auth/guards.ts';
import { impersonationApi as api } from '#shared/api/impersonation.ts';
import { startImpersonation } from './service.ts';

// "Test as client": an admin asks for a test session of a client (service.ts).

export const impersonationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, tokens } = app.deps;

  serve(app, api.start, async (request) =>
    startImpersonation(
      { db: database.db, tokens, ip: request.ip },
      currentUser(request),
      request.claims,
      request.params.id,
    ),
  );
};
