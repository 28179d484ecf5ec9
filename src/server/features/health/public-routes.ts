import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LivenessSchema, NotReadySchema, ReadinessSchema } from '#shared/health.ts';

// Liveness (the process answers) and readiness (the database answers a query).

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { tags: ['health'], response: { 200: LivenessSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        response: {
          200: ReadinessSchema,
          503: NotReadySchema,
        },
      },
    },
    async (request, reply) => {
      const { database } = app.deps;
      try {
        await database.ping();
        return { status: 'ready' as const, database: database.kind };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.code(503).send({ status: 'unavailable' as const, database: database.kind });
      }
    },
  );
};
