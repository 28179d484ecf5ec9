import type { Db } from '#server/db/client.ts';
import { auditLogs } from '#server/db/schema.ts';
import type { AuditLevel } from '#shared/audit.ts';

// The one audit() helper every feature calls. Details never carry secrets: any key that
// looks like a password, token or key is replaced before the row is written.

export interface AuditEntry {
  level?: AuditLevel;
  source: string;
  message: string;
  userId?: string | null;
  actorId?: string | null;
  processId?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

const SECRET_KEY =
  /pass(word)?|secret|token|authorization|api[-_]?key|webhook[-_]?key|auth[-_]?key|cookie/i;

export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      SECRET_KEY.test(k) ? '[redacted]' : redactSecrets(v, depth + 1),
    ]),
  );
}

export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values({
    level: entry.level ?? 'info',
    source: entry.source,
    message: entry.message,
    userId: entry.userId ?? null,
    actorId: entry.actorId ?? null,
    processId: entry.processId ?? null,
    ip: entry.ip ?? null,
    details: entry.details ? (redactSecrets(entry.details) as Record<string, unknown>) : null,
  });
}
