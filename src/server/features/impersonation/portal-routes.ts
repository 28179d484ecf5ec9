import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { currentUser } from '#server/auth/guards.ts';
import { impersonationApi as api } from '#shared/api/impersonation.ts';
import { endImpersonation } from './service.ts';

// The test session itself says it is over ("Return to admin"): its token stops working.

export const endImpersonationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  serve(app, api.end, async (request) => ({
    message: await endImpersonation(db, currentUser(request), request.claims, request.ip),
  }));
};
