import { z } from 'zod';
import { AuditEntrySchema, AuditQuerySchema, AuditSourcesSchema } from '../audit.ts';
import { defineRoute } from './route.ts';

// The audit log for admins (SPEC §7). Entries add the user's and the process's names to
// the spec's ids; older pages come with before = the last entry's cursor
// (docs/decisions/019-keyset-at-database-precision.md).

const tags = ['admin: audit'];

export const auditApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/admin/audit-logs',
    audience: 'admin',
    tags,
    query: AuditQuerySchema,
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
