import type { Db } from '#server/db/client.ts';
import { auditLogs } from '#server/db/schema.ts';
import type { AuditLevel } from '#shared/audit.ts';

// The one audit() helper every feature calls. Details never carry secrets or addresses:
// call sites name a changed field instead of giving its value (`changed: ['n8nWebhookUrl']`),
// and this writer replaces whatever one forgets, so an export of the log holds neither
// (docs/decisions/017-privacy-requests.md).

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

export const REDACTED = '[redacted]';

/**
 * Keys whose value is a credential or an address: an n8n webhook URL is a capability
 * (whoever holds it runs the workflow outside plan limits), and a link may carry a token.
 * A passkey is named by its id, not a secret. The scrubbing migration
 * (0024_scrub_audit_secrets.sql) matches the same keys.
 */
const SECRET_KEY =
  /pass(?!key)|secret|token|authorization|api[-_]?key|webhook[-_]?key|auth[-_]?key|cookie|url/i;
/** An address inside any text (an error, a body snippet) is cut out the same way. */
const ADDRESS = /\bhttps?:\/\/[^\s"'<>]+/gi;
/** Deeper than any detail written: what lies below is replaced, not read. */
const MAX_DEPTH = 6;

export function redactSecrets(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(ADDRESS, REDACTED);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1));
  // A cleared secret stays null: that it was removed is worth reading, and holds nothing.
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      SECRET_KEY.test(k) && v !== null ? REDACTED : redactSecrets(v, depth + 1),
    ]),
  );
}

export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values({
    level: entry.level ?? 'info',
    source: entry.source,
    message: redactSecrets(entry.message) as string,
    userId: entry.userId ?? null,
    actorId: entry.actorId ?? null,
    processId: entry.processId ?? null,
    ip: entry.ip ?? null,
    details: entry.details ? (redactSecrets(entry.details) as Record<string, unknown>) : null,
  });
}
