import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '#server/auth/guards.ts';
import { IdParamsSchema } from '#server/http/schemas.ts';
import { ErrorSchema } from '#shared/answers.ts';
import { CatalogRequestSchema } from '#shared/catalog.ts';
import { listClientRequests } from './service.ts';

// A client's catalog access requests, for the admin's client page.

export const adminCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const security = [{ bearer: [] }];

  app.get(
    '/admin/clients/:id/catalog-requests',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin: clients'],
        security,
        summary: "A client's catalog access requests, newest first",
        params: IdParamsSchema,
        response: { 200: z.array(CatalogRequestSchema), 404: ErrorSchema },
      },
    },
    async (request) => listClientRequests(db, request.params.id),
  );
};
