import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { createMigrationCheck } from '#server/db/migration-status.ts';
import { healthApi } from '#shared/api/health.ts';
import type { NotReady } from '#shared/health.ts';

// Liveness (the process answers) and readiness (the database answers a query and has
// every migration of this build; once seen applied, that is not asked again).

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;
  const missingMigrations = createMigrationCheck(database.db);

  serve(app, healthApi.live, async () => ({ status: 'ok' as const }));

  serve(app, healthApi.ready, async (request, reply) => {
    const notReady = (answer: NotReady) => reply.code(503).send(answer);
    let missing: string[];
    try {
      await database.ping();
      missing = await missingMigrations();
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return notReady({ status: 'unavailable', database: database.kind, reason: 'database' });
    }
    if (missing.length > 0) {
      request.log.warn({ missing }, 'not ready: migrations not applied');
      return notReady({
        status: 'unavailable',
        database: database.kind,
        reason: 'migrations',
        missingMigrations: missing,
      });
    }
    return { status: 'ready' as const, database: database.kind };
  });
};
