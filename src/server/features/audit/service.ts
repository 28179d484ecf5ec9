import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { auditLogs, processes, users } from '#server/db/schema.ts';
import type { AuditEntry, AuditLevel } from '#shared/audit.ts';

// Reading the audit log for the admin screen: newest first, filtered by level and source
// on the server, with the user's and the process's names beside the spec's ids.

export interface AuditFilter {
  limit: number;
  level?: AuditLevel | '';
  source?: string;
}

export async function listAuditEntries(db: Db, filter: AuditFilter): Promise<AuditEntry[]> {
  const conditions: SQL[] = [];
  if (filter.level) conditions.push(eq(auditLogs.level, filter.level));
  if (filter.source) conditions.push(eq(auditLogs.source, filter.source));
  const rows = await db
    .select({
      entry: auditLogs,
      userName: sql<string | null>`coalesce(nullif(trim(${users.name}), ''), ${users.email})`,
      processName: processes.name,
    })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.userId))
    .leftJoin(processes, eq(processes.id, auditLogs.processId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLogs.createdAt))
    .limit(filter.limit);
  return rows.map(({ entry: { id, createdAt, ...rest }, userName, processName }) => ({
    _id: id,
    createdAt: createdAt.toISOString(),
    ...rest,
    userName,
    processName,
  }));
}

/** Every source ever recorded, so the page's filter offers them all. */
export async function listAuditSources(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ source: auditLogs.source })
    .from(auditLogs)
    .orderBy(asc(auditLogs.source));
  return rows.map((row) => row.source);
}
