import { lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { auditLogs } from '#server/db/schema.ts';
import { planCapabilities } from '#shared/plans.ts';

// Deletes runs older than their account's log retention (7 or 30 days by plan), once at
// start and then daily.

const DAY_MS = 86_400_000;

export async function deleteExpiredRuns(db: Db, now = new Date()): Promise<number> {
  const result = await db.execute(sql`
    delete from runs r using users u
    where r.client_user_id = u.id
      and r.started_at < ${now.toISOString()}::timestamptz - make_interval(days =>
        case u.subscription_plan when 'Pro' then ${planCapabilities.Pro.logsRetentionDays}::int
                                 when 'Basic' then ${planCapabilities.Basic.logsRetentionDays}::int
                                 else ${planCapabilities.Trial.logsRetentionDays}::int end)`);
  return (
    (result as { rowCount?: number; affectedRows?: number }).rowCount ??
    (result as { affectedRows?: number }).affectedRows ??
    0
  );
}

/** Audit entries are kept `days` days (AUDIT_RETENTION_DAYS, default 365). */
export async function deleteExpiredAuditLogs(
  db: Db,
  days: number,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const deleted = await db
    .delete(auditLogs)
    .where(lt(auditLogs.createdAt, cutoff))
    .returning({ id: auditLogs.id });
  return deleted.length;
}

export function startRetentionJob(db: Db, auditRetentionDays: number, log?: FastifyBaseLogger) {
  const run = async () => {
    try {
      const runsDeleted = await deleteExpiredRuns(db);
      const auditDeleted = await deleteExpiredAuditLogs(db, auditRetentionDays);
      if (runsDeleted + auditDeleted > 0)
        log?.info({ runsDeleted, auditDeleted }, 'retention cleanup');
    } catch (error) {
      log?.error({ err: error }, 'retention job failed');
    }
  };
  void run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
