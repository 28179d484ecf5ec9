import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '#server/auth/guards.ts';
import { checkKeys, runChecks } from './checks.ts';

const CheckSchema = z.object({ ok: z.boolean(), details: z.string() });

export const environmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/checks',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin: environment'],
        security: [{ bearer: [] }],
        response: { 200: z.object(Object.fromEntries(checkKeys.map((k) => [k, CheckSchema]))) },
      },
    },
    async () => runChecks(app.deps),
  );
};
