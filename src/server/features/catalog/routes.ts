import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolveAccount } from '#server/accounts/account.ts';
import { actorIdOf, currentUser, requireAdmin, requireUser } from '#server/auth/guards.ts';
import { ErrorSchema, IdParamsSchema } from '#server/http/schemas.ts';
import { brand } from '#shared/brand.ts';
import {
  CatalogRequestSchema,
  CatalogTemplateSchema,
  catalogMessages,
  RequestAccessResultSchema,
} from '#shared/catalog.ts';
import {
  assertCatalogAccess,
  listClientRequests,
  listTemplates,
  requestAccess,
} from './service.ts';

// /api/catalog/* for clients (catalog access required) and the admin's list of a
// client's requests. Registered under /api.

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;
  const db = database.db;
  const security = [{ bearer: [] }];

  app.get(
    '/catalog/templates',
    {
      onRequest: requireUser,
      schema: {
        tags: ['portal: catalog'],
        security,
        summary: 'Workflow templates, with this account’s request status for each',
        response: { 200: z.array(CatalogTemplateSchema), 403: ErrorSchema },
      },
    },
    async (request) => {
      const account = await resolveAccount(db, currentUser(request));
      assertCatalogAccess(account);
      return listTemplates(db, account);
    },
  );

  app.post(
    '/catalog/request-access/:id',
    {
      onRequest: requireUser,
      schema: {
        tags: ['portal: catalog'],
        security,
        summary: 'Ask the provider for a template (201; 200 with the pending request if asked)',
        params: IdParamsSchema,
        response: {
          200: RequestAccessResultSchema,
          201: RequestAccessResultSchema,
          403: ErrorSchema,
          404: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const account = await resolveAccount(db, user);
      assertCatalogAccess(account);
      const result = await requestAccess(db, account, request.params.id, {
        actorId: actorIdOf(request),
        ip: request.ip,
        notify: config.enquiryTo ?? brand.email,
      });
      const message = result.created ? catalogMessages.requested : catalogMessages.alreadyRequested;
      return reply.code(result.created ? 201 : 200).send({ message, request: result.request });
    },
  );

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
