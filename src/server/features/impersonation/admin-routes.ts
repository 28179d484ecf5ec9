import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireAdmin } from '#server/auth/guards.ts';
import { IdParamsSchema } from '#server/http/schemas.ts';
import { ErrorSchema } from '#shared/answers.ts';
import { ImpersonationTokenSchema } from '#shared/impersonation.ts';
import { startImpersonation } from './service.ts';

// "Test as client": an admin asks for a test session of a client (service.ts).

export const impersonationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, tokens } = app.deps;

  app.post(
    '/admin/impersonate/:id',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin: clients'],
        summary: 'A one-hour token to use the portal as this client',
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        response: { 200: ImpersonationTokenSchema, 403: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) =>
      startImpersonation(
        { db: database.db, tokens, ip: request.ip },
        currentUser(request),
        request.claims,
        request.params.id,
      ),
  );
};
