import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { attentionApi as api } from '#shared/api/attention.ts';
import { attentionToday } from './service.ts';

// The admin's landing screen, Today: what needs attention now.

export const attentionRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(app, api.today, async () => attentionToday(app.deps.database.db, app.deps.config));
};
