import { z } from 'zod';
import {
  AnalyticsOverviewSchema,
  ClientAnalyticsSchema,
  TopProcessesQuerySchema,
  TopProcessSchema,
  UsageQuerySchema,
  UsageSchema,
} from '../analytics.ts';
import { ErrorSchema } from '../answers.ts';
import { defineRoute } from './route.ts';

// Analytics read from recorded runs: the admin's product-wide figures (SPEC §7 Admin
// analytics: overview, top processes, usage by day, week or month) and a client's own runs
// and failures per day and process, which needs the plan's analytics entitlement.

const admin = { audience: 'admin', tags: ['admin: analytics'] } as const;

export const analyticsApi = {
  overview: defineRoute({
    method: 'GET',
    path: '/api/analytics/overview',
    ...admin,
    responses: { 200: AnalyticsOverviewSchema },
  }),
  topProcesses: defineRoute({
    method: 'GET',
    path: '/api/analytics/top-processes',
    ...admin,
    query: TopProcessesQuerySchema,
    responses: { 200: z.array(TopProcessSchema), 400: ErrorSchema },
  }),
  usage: defineRoute({
    method: 'GET',
    path: '/api/analytics/usage',
    ...admin,
    query: UsageQuerySchema,
    responses: { 200: UsageSchema, 400: ErrorSchema },
  }),
  client: defineRoute({
    method: 'GET',
    path: '/api/client/analytics',
    audience: 'signed-in',
    tags: ['portal: analytics'],
    responses: { 200: ClientAnalyticsSchema, 403: ErrorSchema },
  }),
};
