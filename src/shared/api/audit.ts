import { z } from 'zod';
import { AuditEntrySchema, AuditQuerySchema, AuditSourcesSchema } from '../audit.ts';
import { defineRoute } from './route.ts';

// The audit log for admins (SPEC §7). Entries add the user's and the process's names to
// the spec's ids; older pages come with before = the X-Next-Cursor of the page before
// (docs/decisions/019-keyset-at-database-precision.md, 018-run-rollups.md).

const tags = ['admin: audit'];

export const auditApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/audit-logs',
    audience: 'admin',
    tags,
    query: AuditQuerySchema,
    description:
      "The spec's array of entries, newest first. X-Next-Cursor: pass it as `before` for the next page; absent on the last page. When every search word is common, one request reads a bounded number of entries: the page may then hold fewer entries than `limit`, or none, and still have an X-Next-Cursor (the last entry read), so paging on searches older entries.",
    responses: { 200: z.array(AuditEntrySchema) },
  }),
  sources: defineRoute({
    method: 'GET',
    path: '/api/admin/audit-logs/sources',
    audience: 'admin',
    tags,
    summary: 'Every source recorded, for the source filter',
    responses: { 200: AuditSourcesSchema },
  }),
};
