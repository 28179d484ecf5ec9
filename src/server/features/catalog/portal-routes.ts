import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorIdOf, currentUser, requireUser } from '#server/auth/guards.ts';
import { resolveAccount } from '#server/domain/accounts/account.ts';
import { IdParamsSchema } from '#server/http/schemas.ts';
import { ErrorSchema } from '#shared/answers.ts';
import { brand } from '#shared/brand.ts';
import {
  CatalogTemplateSchema,
  catalogMessages,
  RequestAccessResultSchema,
} from '#shared/catalog.ts';
import { assertCatalogAccess, listTemplates, requestAccess } from './service.ts';

// /api/catalog/*: templates and access requests, for accounts with catalog access.

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
};
