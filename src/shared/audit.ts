import { z } from 'zod';

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
