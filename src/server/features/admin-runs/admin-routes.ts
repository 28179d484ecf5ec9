import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { positionOf } from '#server/db/keyset.ts';
import { n8nApiBase } from '#server/integrations/n8n/api.ts';
import { ADMIN_RUNS_PAGE_SIZE } from '#shared/admin-runs.ts';
import { adminRunsApi as api } from '#shared/api/admin-runs.ts';
import { listAdminRuns } from './list.ts';

// The admin's Runs screen: every client's runs, filtered and paged on the server.

export const adminRunsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const { apiUrl } = app.deps.config.n8n;
  const n8nBase = apiUrl ? n8nApiBase(apiUrl) : null;

  serve(app, api.list, async (request) => {
    const { cursor, ...filter } = request.query;
    const before = cursor ? positionOf(cursor) : undefined;
    return listAdminRuns(db, { ...filter, before }, ADMIN_RUNS_PAGE_SIZE, n8nBase);
  });
};
