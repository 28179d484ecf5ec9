import { z } from 'zod';
import { PageCursorSchema } from './page-cursor.ts';

// The audit log as admins read it (SPEC §7 GET /api/admin/audit-logs). Entries add the
// user's and the process's names to the spec's ids.

export const auditLevels = ['error', 'warning', 'info'] as const;
export type AuditLevel = (typeof auditLevels)[number];

export const AuditEntrySchema = z.object({
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
  /** The user's name (or e-mail) when the entry names one that still exists. */
  userName: z.string().nullable(),
  processName: z.string().nullable(),
  /** Where the entries older than this one start: pass as `before` (shared/page-cursor.ts). */
  cursor: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** GET /api/admin/audit-logs/sources: every source recorded, for the source filter. */
export const AuditSourcesSchema = z.array(z.string());
export type AuditSources = z.infer<typeof AuditSourcesSchema>;

/**
 * GET /api/admin/audit-logs?limit=500&level=&source= (SPEC §7, §9). Level, source and the
 * search words filter on the server; older pages come with `before`.
 */
export const AuditQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(500),
  level: z.union([z.enum(auditLevels), z.literal('')]).optional(),
  source: z.string().trim().max(50).optional(),
  /** Search words, all of which must appear in the entry. */
  q: z.string().trim().max(200).optional(),
  /** The next page: entries older than the entry with this cursor. */
  before: PageCursorSchema.optional(),
});
