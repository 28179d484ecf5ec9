import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '#server/auth/guards.ts';
import { auditLevels, auditLogs, processes, users } from '#server/db/schema.ts';

// GET /api/admin/audit-logs?limit=500&level=&source= (SPEC §7). Level and source filter
// on the server; the page adds its own full-text filter. Entries add the user's and the
// process's names to the spec's ids, and /audit-logs/sources lists every source recorded
// so the page's source filter offers them all, not just those in the current page.

const QuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(500),
  level: z.union([z.enum(auditLevels), z.literal('')]).optional(),
  source: z.string().trim().max(50).optional(),
});

const EntrySchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  level: z.enum(auditLevels),
  source: z.string(),
  message: z.string(),
  userId: z.string().nullable(),
  actorId: z.string().nullable(),
  processId: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  userName: z.string().nullable(),
  processName: z.string().nullable(),
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
        response: { 200: z.array(EntrySchema) },
      },
    },
    async (request) => {
      const { limit, level, source } = request.query;
      const filters: SQL[] = [];
      if (level) filters.push(eq(auditLogs.level, level));
      if (source) filters.push(eq(auditLogs.source, source));
      const rows = await db
        .select({
          entry: auditLogs,
          userName: sql<string | null>`coalesce(nullif(trim(${users.name}), ''), ${users.email})`,
          processName: processes.name,
        })
        .from(auditLogs)
        .leftJoin(users, eq(users.id, auditLogs.userId))
        .leftJoin(processes, eq(processes.id, auditLogs.processId))
        .where(filters.length ? and(...filters) : undefined)
        .orderBy(desc(auditLogs.createdAt))
        .limit(limit);
      return rows.map(({ entry: { id, createdAt, ...rest }, userName, processName }) => ({
        _id: id,
        createdAt: createdAt.toISOString(),
        ...rest,
        userName,
        processName,
      }));
    },
  );

  app.get(
    '/audit-logs/sources',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['admin: audit'],
        security: [{ bearer: [] }],
        response: { 200: z.array(z.string()) },
      },
    },
    async () => {
      const rows = await db
        .selectDistinct({ source: auditLogs.source })
        .from(auditLogs)
        .orderBy(asc(auditLogs.source));
      return rows.map((row) => row.source);
    },
  );
};
