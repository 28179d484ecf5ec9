import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { actorIdOf } from '#server/auth/guards.ts';
import { manualRunsApi as api } from '#shared/api/manual-runs.ts';
import { grantManualRuns } from './service.ts';

// An admin turns manual runs on for a client who asked, from Today, with one click.

export const adminManualRunRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  serve(app, api.grant, async (request) => ({
    message: await grantManualRuns(db, request.params.id, {
      actorId: actorIdOf(request),
      ip: request.ip,
      publicUrl: app.deps.config.publicUrl,
    }),
  }));
};
