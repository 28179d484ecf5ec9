import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '#server/auth/guards.ts';
import { AuditEntrySchema, AuditSourcesSchema, auditLevels } from '#shared/audit.ts';
import { listAuditEntries, listAuditSources } from './service.ts';

// GET /api/admin/audit-logs?limit=500&level=&source= (SPEC §7). Level and source filter
// on the server; the page adds its own full-text filter. Entries add the user's and the
// process's names to the spec's ids, and /audit-logs/sources lists every source recorded
// so the page's source filter offers them all, not just those in the current page.

const QuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(500),
  level: z.union([z.enum(auditLevels), z.literal('')]).optional(),
  source: z.string().trim().max(50).optional(),
});

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  app.get(
    '/audit-logs',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin: audit'],
        security: [{ bearer: [] }],
        querystring: QuerySchema,
        response: { 200: z.array(AuditEntrySchema) },
      },
    },
    async (request) => listAuditEntries(db, request.query),
  );

  app.get(
    '/audit-logs/sources',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin: audit'],
        security: [{ bearer: [] }],
        response: { 200: AuditSourcesSchema },
      },
    },
    async () => listAuditSources(db),
  );
};
