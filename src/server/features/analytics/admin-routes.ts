import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { coalescing } from '#server/http/coalesce.ts';
import type { TopProcess, Usage } from '#shared/analytics.ts';
import { analyticsApi as api } from '#shared/api/analytics.ts';
import { overview, topProcesses } from './admin-service.ts';
import { usage } from './usage-service.ts';

// SPEC §7 Admin analytics: overview, top processes, usage. `days` bounds the window
// (default 30; top processes take only the kept windows) and `period` buckets usage by
// day, week or month; usage comes a page at a time after a cursor. Rows add the process
// and client names to the spec's fields.

export const adminAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  // Admins opening the screen together share each aggregate: the same window is read once
  // however many ask for it at the same moment (docs/decisions/018-run-rollups.md).
  const sharedTop = coalescing<TopProcess[]>();
  const sharedUsage = coalescing<Usage>();

  serve(app, api.overview, async () => overview(db));

  serve(app, api.topProcesses, async (request) => {
    const { days, limit } = request.query;
    return sharedTop(`${days}:${limit}`, () => topProcesses(db, days, limit));
  });

  serve(app, api.usage, async (request) => {
    const { days, period, limit, cursor } = request.query;
    return sharedUsage(`${days}:${period}:${limit}:${cursor ?? ''}`, () =>
      usage(db, days, period, { limit, cursor }),
    );
  });
};
