import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '#server/auth/guards.ts';
import { positionOf } from '#server/db/keyset.ts';
import { AuditEntrySchema, AuditSourcesSchema, auditLevels } from '#shared/audit.ts';
import { PageCursorSchema } from '#shared/page-cursor.ts';
import { listAuditEntries, listAuditSources } from './service.ts';

// GET /api/admin/audit-logs?limit=500&level=&source= (SPEC §7). Level, source and the
// search words (q) filter on the server, older pages come with before = the last entry's
// cursor (docs/decisions/019-keyset-at-database-precision.md); the page keeps its own
// full-text filter over what it shows. Entries add the user's and the process's names to
// the spec's ids, and /audit-logs/sources lists every source recorded so the page's source
// filter offers them all, not just those in the current page.

const QuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(500),
  level: z.union([z.enum(auditLevels), z.literal('')]).optional(),
  source: z.string().trim().max(50).optional(),
  /** Search words, all of which must appear in the entry (issue 18). */
  q: z.string().trim().max(200).optional(),
  /** The next page: entries older than the entry with this cursor. */
  before: PageCursorSchema.optional(),
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
    async (request) => {
      const { before, ...filter } = request.query;
      return listAuditEntries(db, { ...filter, before: before ? positionOf(before) : undefined });
    },
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
