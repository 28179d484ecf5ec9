import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '#server/auth/guards.ts';
import { EnvironmentChecksSchema } from '#shared/environment.ts';
import { runChecks } from './checks.ts';

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
};
