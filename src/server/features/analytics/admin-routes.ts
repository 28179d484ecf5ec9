import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '#server/auth/guards.ts';
import { coalescing } from '#server/http/coalesce.ts';
import {
  AnalyticsOverviewSchema,
  analyticsPeriods,
  type TopProcess,
  TopProcessSchema,
  type Usage,
  UsageSchema,
} from '#shared/analytics.ts';
import { overview, topProcesses, USAGE_PAGE, usage } from './admin-service.ts';

// SPEC §7 Admin analytics: overview, top processes, usage. `days` bounds the window
// (default 30) and `period` buckets usage by day, week or month. Rows add the process
// and client names to the spec's fields.

const WindowQuery = z.object({
  days: z.coerce.number().int().min(1).max(3650).default(30),
  period: z.enum(analyticsPeriods).default('day'),
});
// Usage rows come a page at a time (issue 18): the default page is the spec's answer.
const UsageQuery = WindowQuery.extend({
  limit: z.coerce.number().int().min(1).max(USAGE_PAGE.max).default(USAGE_PAGE.default),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
// Top processes also take how many rows to list (default 10, the spec's list).
const TopQuery = WindowQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const adminAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  app.addHook('onRequest', requireAdmin);
  // Admins opening the screen together share each aggregate (issue 18).
  const sharedTop = coalescing<TopProcess[]>();
  const sharedUsage = coalescing<Usage>();
  const common = { tags: ['admin: analytics'], security: [{ bearer: [] }] };

  app.get(
    '/overview',
    {
      schema: {
        ...common,
        response: { 200: AnalyticsOverviewSchema },
      },
    },
    async () => overview(db),
  );

  app.get(
    '/top-processes',
    {
      schema: {
        ...common,
        querystring: TopQuery,
        response: { 200: z.array(TopProcessSchema) },
      },
    },
    async (request) => {
      const { days, limit } = request.query;
      return sharedTop(`${days}:${limit}`, () => topProcesses(db, days, limit));
    },
  );

  app.get(
    '/usage',
    {
      schema: {
        ...common,
        querystring: UsageQuery,
        response: { 200: UsageSchema },
      },
    },
    async (request) => {
      const { days, period, limit, offset } = request.query;
      return sharedUsage(`${days}:${period}:${limit}:${offset}`, () =>
        usage(db, days, period, { limit, offset }),
      );
    },
  );
};
