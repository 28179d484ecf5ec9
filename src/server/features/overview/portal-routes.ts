import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { currentUser } from '#server/auth/guards.ts';
import { resolveAccount } from '#server/domain/accounts/account.ts';
import { overviewApi } from '#shared/api/overview.ts';
import { clientOverview } from './service.ts';

// The figures on the client's home page, for the account the signed-in user works in
// (a team member sees the owner's).

export const clientOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  serve(app, overviewApi.client, async (request) =>
    clientOverview(db, await resolveAccount(db, currentUser(request))),
  );
};
