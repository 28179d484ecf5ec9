import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '#server/auth/guards.ts';
import { resolveAccount } from '#server/domain/accounts/account.ts';
import { ClientOverviewSchema } from '#shared/overview.ts';
import { clientOverview } from './service.ts';

// GET /api/client/overview (issue 19): the figures on the client's home page, for the
// account the signed-in user works in (a team member sees the owner's).

export const clientOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  app.get(
    '/overview',
    {
      onRequest: requireUser,
      schema: {
        tags: ['portal: overview'],
        security: [{ bearer: [] }],
        response: { 200: ClientOverviewSchema },
      },
    },
    async (request) => clientOverview(db, await resolveAccount(db, currentUser(request))),
  );
};
