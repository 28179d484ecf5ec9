import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorIdOf, requireAdmin } from '#server/auth/guards.ts';
import { IdParamsSchema } from '#server/http/schemas.ts';
import { refusedAddressWarnings } from '#server/integrations/http/address-warnings.ts';
import { ErrorSchema, MessageSchema } from '#shared/answers.ts';
import {
  ApproveRequestSchema,
  ApproveResultSchema,
  CatalogQueueQuerySchema,
  CatalogRequestSchema,
  DeclineRequestSchema,
  QueuedCatalogRequestSchema,
} from '#shared/catalog.ts';
import { approveRequest, declineRequest, listQueue } from './decisions.ts';
import { listClientRequests } from './service.ts';

// Catalog access requests for admins: one client's (client page) and the queue, with
// approve and decline (decisions.ts).

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

  const deciding = (request: Parameters<typeof actorIdOf>[0]) => ({
    actorId: actorIdOf(request),
    ip: request.ip,
    publicUrl: app.deps.config.publicUrl,
  });

  app.get(
    '/admin/catalog-requests',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin: catalog requests'],
        security,
        summary: 'The queue: open requests oldest first, answered ones newest first (100)',
        querystring: CatalogQueueQuerySchema,
        response: { 200: z.array(QueuedCatalogRequestSchema), 403: ErrorSchema },
      },
    },
    async (request) => listQueue(db, request.query.status),
  );

  app.post(
    '/admin/catalog-requests/:id/approve',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin: catalog requests'],
        security,
        summary: "Approve; with createProcess, the client's process is made from the template",
        params: IdParamsSchema,
        body: ApproveRequestSchema,
        response: {
          200: ApproveResultSchema,
          400: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
        },
      },
    },
    async (request) => {
      const { body } = request;
      const message = await approveRequest(db, request.params.id, body, deciding(request));
      // As the process form does: the process is made, and the admin learns now that its
      // calls will be refused.
      const warnings = await refusedAddressWarnings(
        [{ label: 'webhook URL', url: body.createProcess ? body.n8nWebhookUrl : null }],
        { allowPrivate: app.deps.config.allowPrivateWebhooks, audience: 'admin' },
      );
      return { message, warnings };
    },
  );

  app.post(
    '/admin/catalog-requests/:id/decline',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin: catalog requests'],
        security,
        summary: 'Decline with a reason the client reads',
        params: IdParamsSchema,
        body: DeclineRequestSchema,
        response: { 200: MessageSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => ({
      message: await declineRequest(db, request.params.id, request.body.reason, deciding(request)),
    }),
  );
};
