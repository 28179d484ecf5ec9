import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '#server/auth/guards.ts';
import { ErrorSchema, MessageSchema } from '#shared/answers.ts';
import { endImpersonation } from './service.ts';

// The test session itself says it is over ("Return to admin"): its token stops working.

export const endImpersonationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  app.post(
    '/auth/impersonation/end',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'End an impersonation session: its token stops working at once',
        security: [{ bearer: [] }],
        response: { 200: MessageSchema, 400: ErrorSchema },
      },
    },
    async (request) => ({
      message: await endImpersonation(db, currentUser(request), request.claims, request.ip),
    }),
  );
};
