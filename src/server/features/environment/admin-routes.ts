import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '#server/auth/guards.ts';
import { BackgroundJobsSchema } from '#shared/background-jobs.ts';
import { EnvironmentChecksSchema } from '#shared/environment.ts';
import { runChecks } from './checks.ts';
import { backgroundJobs } from './jobs.ts';

export const environmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/checks',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin: environment'],
        security: [{ bearer: [] }],
        response: { 200: EnvironmentChecksSchema },
      },
    },
    async () => runChecks(app.deps),
  );

  app.get(
    '/jobs',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin: environment'],
        security: [{ bearer: [] }],
        summary:
          "The background jobs of the instance that answers, with each one's last success and failure",
        response: { 200: BackgroundJobsSchema },
      },
    },
    async () => backgroundJobs(app.jobs),
  );
};
