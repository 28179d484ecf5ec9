import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { actorIdOf, currentUser } from '#server/auth/guards.ts';
import { resolveAccount } from '#server/domain/accounts/account.ts';
import { catalogApi as api } from '#shared/api/catalog.ts';
import { brand } from '#shared/brand.ts';
import { catalogMessages } from '#shared/catalog.ts';
import { assertCatalogAccess, listTemplates, requestAccess } from './service.ts';

// /api/catalog/*: templates and access requests, for accounts with catalog access.

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;
  const db = database.db;
  const catalogAccount = async (request: Parameters<typeof currentUser>[0]) => {
    const account = await resolveAccount(db, currentUser(request));
    assertCatalogAccess(account);
    return account;
  };

  serve(app, api.templates, async (request) => listTemplates(db, await catalogAccount(request)));

  serve(app, api.requestAccess, async (request, reply) => {
    const result = await requestAccess(db, await catalogAccount(request), request.params.id, {
      actorId: actorIdOf(request),
      ip: request.ip,
      notify: config.enquiryTo ?? brand.email,
    });
    // A new request is created (201); one already waiting is answered as it stands (200).
    reply.code(result.created ? 201 : 200);
    const message = result.created ? catalogMessages.requested : catalogMessages.alreadyRequested;
    return { message, request: result.request };
  });
};
