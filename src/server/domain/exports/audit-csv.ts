import { and, asc, eq, or } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { exactTime, pastPosition, rowsInBatches } from '#server/db/keyset.ts';
import { auditLogs } from '#server/db/schema.ts';

// The audit entries about a person or by them, oldest first, for their data-export
// archive: read a thousand at a time after the last entry's exact time and id, so entries
// sharing its millisecond are neither repeated nor skipped (db/keyset.ts).

const BATCH = 1000;

export async function* auditCsvRows(db: Db, userId: string) {
  const entries = rowsInBatches(BATCH, (after) =>
    db
      .select({
        id: auditLogs.id,
        at: exactTime(auditLogs.createdAt),
        createdAt: auditLogs.createdAt,
        level: auditLogs.level,
        source: auditLogs.source,
        message: auditLogs.message,
        ip: auditLogs.ip,
        details: auditLogs.details,
      })
      .from(auditLogs)
      .where(
        and(
          or(eq(auditLogs.userId, userId), eq(auditLogs.actorId, userId)),
          after ? pastPosition(auditLogs.createdAt, auditLogs.id, after, 'newer') : undefined,
        ),
      )
      .orderBy(asc(auditLogs.createdAt), asc(auditLogs.id))
      .limit(BATCH),
  );
  for await (const entry of entries) {
    yield [
      entry.createdAt.toISOString(),
      entry.level,
      entry.source,
      entry.message,
      entry.ip ?? '',
      entry.details ? JSON.stringify(entry.details) : '',
    ];
  }
}
