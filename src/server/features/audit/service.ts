import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { auditLogs, processes, users } from '#server/db/schema.ts';
import { searchWords } from '#server/http/paging.ts';
import type { AuditEntry, AuditLevel } from '#shared/audit.ts';

// Reading the audit log for the admin screen: newest first, filtered by level, source and
// search words on the server, a page at a time (before the last entry shown), with the
// user's and the process's names beside the spec's ids.

export interface AuditFilter {
  limit: number;
  level?: AuditLevel | '';
  source?: string;
  /** Words that must all appear somewhere in the entry (issue 18: on the server). */
  q?: string;
  /** Entries older than this one (its createdAt and id): the next page. */
  before?: { createdAt: Date; id: string };
}

const userName = sql<string | null>`coalesce(nullif(trim(${users.name}), ''), ${users.email})`;

/** Every word of the search found somewhere in the entry (http/paging.ts searchWords). */
const searchText = sql`concat_ws(' ', ${auditLogs.message}, ${auditLogs.source}, ${auditLogs.level}, ${userName}, ${auditLogs.userId}::text, ${processes.name}, ${auditLogs.processId}::text, ${auditLogs.ip}, ${auditLogs.details}::text)`;

export async function listAuditEntries(db: Db, filter: AuditFilter): Promise<AuditEntry[]> {
  const conditions: SQL[] = [...searchWords(filter.q, [searchText])];
  if (filter.level) conditions.push(eq(auditLogs.level, filter.level));
  if (filter.source) conditions.push(eq(auditLogs.source, filter.source));
  if (filter.before) {
    const { createdAt, id } = filter.before;
    conditions.push(
      sql`(${auditLogs.createdAt}, ${auditLogs.id}) < (${createdAt.toISOString()}::timestamptz, ${id}::uuid)`,
    );
  }
  const rows = await db
    .select({
      entry: auditLogs,
      userName,
      processName: processes.name,
    })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.userId))
    .leftJoin(processes, eq(processes.id, auditLogs.processId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(filter.limit);
  return rows.map(({ entry: { id, createdAt, ...rest }, userName, processName }) => ({
    _id: id,
    createdAt: createdAt.toISOString(),
    ...rest,
    userName,
    processName,
  }));
}

/**
 * Every source ever recorded, so the page's filter offers them all: a skip scan of the
 * (source, created_at) index, one lookup per source, not a scan of every entry.
 */
export async function listAuditSources(db: Db): Promise<string[]> {
  const result = (await db.execute(sql`
    with recursive found(source) as (
      (select source from audit_logs order by source limit 1)
      union all
      select (select a.source from audit_logs a where a.source > found.source
              order by a.source limit 1)
      from found where found.source is not null
    )
    select source from found where source is not null`)) as { rows: { source: string }[] };
  return result.rows.map((row) => row.source);
}
