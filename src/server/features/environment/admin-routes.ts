import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { environmentApi as api } from '#shared/api/environment.ts';
import { runChecks } from './checks.ts';
import { backgroundJobs } from './jobs.ts';

export const environmentRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, api.checks, async () => runChecks(app.deps));

  serve(app, api.jobs, async () => backgroundJobs(app.jobs));
};
