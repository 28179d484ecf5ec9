import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
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

export function startRetentionJob(db: Db, log?: FastifyBaseLogger) {
  const run = () =>
    deleteExpiredRuns(db)
      .then((count) => count > 0 && log?.info({ count }, 'deleted runs past their retention'))
      .catch((error: unknown) => log?.error({ err: error }, 'retention job failed'));
  void run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
