import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { currentUser } from '#server/auth/guards.ts';
import { resolveAccount } from '#server/domain/accounts/account.ts';
import { legalApi as api } from '#shared/api/legal.ts';
import { legalMessages } from '#shared/legal.ts';
import {
  exportDocument,
  generateDocuments,
  getDraft,
  listDrafts,
  listTemplates,
  saveDraft,
  templateSchema,
} from './service.ts';

// The legal suite's calls (SPEC §7 Admin). The organization defaults (/api/legal/defaults)
// live with the settings feature; paths here must not collide with them.

// Rendering documents costs CPU: a generous per-client ceiling (http/rate-limit.ts).
const heavy = { config: { rateLimit: 'render' } } as const;

export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const acting = (request: FastifyRequest) => ({ userId: currentUser(request).id, ip: request.ip });

  serve(app, api.templates, async () => listTemplates());

  serve(app, api.templateSchema, async (request) => {
    const account = await resolveAccount(db, currentUser(request));
    return templateSchema(db, account.owner.id, request.params.id);
  });

  serve(app, api.generate, heavy, async (request) => ({
    documents: await generateDocuments(
      db,
      request.body.templateIds,
      request.body.values,
      acting(request),
    ),
  }));

  serve(app, api.export, heavy, async (request, reply) => {
    const file = await exportDocument(db, request.body, acting(request));
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', file.disposition)
      .header('cache-control', 'no-store')
      .send(file.body);
  });

  serve(app, api.drafts, async () => listDrafts(db));

  serve(app, api.draft, async (request) => getDraft(db, request.params.id));

  serve(app, api.saveDraft, async (request) => ({
    ...(await saveDraft(db, request.body, acting(request))),
    message: legalMessages.draftSaved,
  }));
};
