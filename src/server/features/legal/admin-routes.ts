import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireAdmin } from '#server/auth/guards.ts';
import { resolveAccount } from '#server/domain/accounts/account.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { IdParamsSchema } from '#server/http/schemas.ts';
import { ErrorSchema } from '#shared/answers.ts';
import {
  DraftSavedSchema,
  DraftSchema,
  DraftSummarySchema,
  ExportSchema,
  GeneratedDocumentsSchema,
  GenerateSchema,
  LegalTemplateSchema,
  legalMessages,
  SaveDraftSchema,
  TemplateSchemaResponseSchema,
} from '#shared/legal.ts';
import { renderExport } from './export.ts';
import {
  generateDocuments,
  getDraft,
  listDrafts,
  listTemplates,
  saveDraft,
  templateSchema,
} from './service.ts';

// The legal suite's calls (SPEC §7 Admin), registered under /api/legal. The organization
// defaults (/api/legal/defaults) live with the settings feature; paths here must not
// collide with them. Admins only.

// Rendering documents costs CPU: a generous per-client ceiling (http/rate-limit.ts).
const heavy = { rateLimit: 'render' } as const;

export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  app.addHook('onRequest', requireAdmin);
  const common = { tags: ['admin: legal'], security: [{ bearer: [] }] };
  const acting = (request: FastifyRequest) => ({ userId: currentUser(request).id, ip: request.ip });

  app.get(
    '/templates',
    {
      schema: {
        ...common,
        summary: 'The template library',
        response: { 200: z.array(LegalTemplateSchema) },
      },
    },
    async () => listTemplates(),
  );

  app.get(
    '/templates/:id/schema',
    {
      schema: {
        ...common,
        summary: "A template's merge fields and defaults (saved organization defaults applied)",
        params: IdParamsSchema,
        response: { 200: TemplateSchemaResponseSchema, 404: ErrorSchema },
      },
    },
    async (request) => {
      const account = await resolveAccount(db, currentUser(request));
      return templateSchema(db, account.owner.id, request.params.id);
    },
  );

  app.post(
    '/generate',
    {
      config: heavy,
      schema: {
        ...common,
        summary: 'Fill the chosen templates; empty values print as [Label]',
        body: GenerateSchema,
        response: {
          200: GeneratedDocumentsSchema,
          400: ErrorSchema,
          404: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request) => ({
      documents: await generateDocuments(
        db,
        request.body.templateIds,
        request.body.values,
        acting(request),
      ),
    }),
  );

  app.post(
    '/export',
    {
      config: heavy,
      schema: {
        ...common,
        summary: 'A document as a PDF or Word file (attachment)',
        // No response schema: the answer is the file's bytes (400 and 429 as elsewhere).
        body: ExportSchema,
      },
    },
    async (request, reply) => {
      const { format, name, content } = request.body;
      const file = await renderExport(format, name, content);
      const { userId, ip } = acting(request);
      await audit(db, {
        source: 'legal',
        message: `Exported "${name}" as ${format.toUpperCase()}`,
        userId,
        actorId: userId,
        ip,
        details: { name, format, bytes: file.body.length },
      });
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', file.disposition)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.get(
    '/drafts',
    {
      schema: {
        ...common,
        summary: 'Saved drafts, newest first',
        response: { 200: z.array(DraftSummarySchema) },
      },
    },
    async () => listDrafts(db),
  );

  app.get(
    '/drafts/:id',
    {
      schema: {
        ...common,
        summary: 'One draft with its documents, to reopen it',
        params: IdParamsSchema,
        response: { 200: DraftSchema, 404: ErrorSchema },
      },
    },
    async (request) => getDraft(db, request.params.id),
  );

  app.post(
    '/drafts',
    {
      schema: {
        ...common,
        summary: 'Save generated documents with the client, project and estimate',
        body: SaveDraftSchema,
        response: {
          201: DraftSavedSchema,
          400: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const saved = await saveDraft(db, request.body, acting(request));
      return reply.code(201).send({ ...saved, message: legalMessages.draftSaved });
    },
  );
};
