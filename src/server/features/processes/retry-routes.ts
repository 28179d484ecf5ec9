import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { currentUser } from '#server/auth/guards.ts';
import { resolveAccount } from '#server/domain/accounts/account.ts';
import { adminRunsApi } from '#shared/api/admin-runs.ts';
import { runRetryApi as api } from '#shared/api/run-retry.ts';
import { retryAsAdmin } from './admin-retry.ts';
import { retryRun } from './retry.ts';

// Run again, from the run history (shared/api/run-retry.ts) and from the admin's Runs
// screen (shared/api/admin-runs.ts).

export const runRetryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  serve(app, api.retry, async (request) => {
    const account = await resolveAccount(db, currentUser(request), app.readCache);
    return retryRun(app, request, account, request.params.runId);
  });
  serve(app, adminRunsApi.retry, (request) => retryAsAdmin(app, request, request.params.runId));
};
