import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serve } from '#server/api/serve.ts';
import { positionOf } from '#server/db/keyset.ts';
import { auditApi as api } from '#shared/api/audit.ts';
import { pageHeaders } from '#shared/paging.ts';
import { listAuditEntries, listAuditSources } from './service.ts';

// The audit log (SPEC §7): level, source and the search words (q) filter on the server,
// older pages come with before = the X-Next-Cursor of the page before (absent on the last
// page; a search for common words may answer fewer entries than the limit and still have
// one, docs/decisions/018-run-rollups.md); the page keeps its own full-text filter over
// what it shows. /audit-logs/sources lists every source recorded so the page's source
// filter offers them all, not just those in the current page.

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  serve(app, api.list, async (request, reply) => {
    const { before, ...filter } = request.query;
    const { entries, nextCursor } = await listAuditEntries(db, {
      ...filter,
      before: before ? positionOf(before) : undefined,
    });
    if (nextCursor) reply.header(pageHeaders.nextCursor, nextCursor);
    return entries;
  });

  serve(app, api.sources, async () => listAuditSources(db));
};
