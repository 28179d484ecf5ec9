import { and, eq, lte, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { notificationSettings, teamMembers, users } from '#server/db/schema.ts';
import { runSummaryMail } from '#server/domain/mail/messages/run-summary.tsx';
import { queueMail } from '#server/domain/mail/outbox.ts';
import { paths } from '#shared/paths.ts';
import type { NotifierDeps } from './notifier-deps.ts';

// Once a day, a mail to each person who chose the summary instead of a mail per notice:
// the failed runs of each process of the account they work in, since the last summary.

const DAY_MS = 86_400_000;

/** Returns the mails queued. */
export async function dailySummaries(deps: NotifierDeps, now = new Date()): Promise<number> {
  const { db, publicUrl } = deps;
  const due = await db
    .select({ user: users, settings: notificationSettings })
    .from(notificationSettings)
    .innerJoin(users, eq(users.id, notificationSettings.userId))
    .where(
      and(
        eq(notificationSettings.dailySummary, true),
        or(
          sql`${notificationSettings.lastSummaryAt} is null`,
          lte(notificationSettings.lastSummaryAt, new Date(now.getTime() - DAY_MS)),
        ),
      ),
    )
    .limit(500);
  let sent = 0;
  for (const { user, settings } of due) {
    const since = settings.lastSummaryAt ?? new Date(now.getTime() - DAY_MS);
    await db
      .update(notificationSettings)
      .set({ lastSummaryAt: now })
      .where(eq(notificationSettings.userId, user.id));
    const summary = await summaryLines(db, user.id, since, now);
    if (summary.length === 0) continue;
    await queueMail(db, {
      kind: 'run-summary',
      to: user.email,
      ...(await runSummaryMail({
        name: user.name,
        lines: summary,
        processesUrl: `${publicUrl}${paths.clientProcesses}`,
      })),
    });
    sent++;
  }
  return sent;
}

/** "Lead intake: 3 failed runs" per process of the account the person works in. */
async function summaryLines(db: Db, userId: string, since: Date, until: Date) {
  const [membership] = await db
    .select({ ownerId: teamMembers.ownerUserId })
    .from(teamMembers)
    .where(eq(teamMembers.memberUserId, userId));
  const ownerId = membership?.ownerId ?? userId;
  const rows = await db.execute<{ name: string; failed: number }>(sql`
    select p.name, count(*)::int as failed from runs r join processes p on p.id = r.process_id
    where r.client_user_id = ${ownerId} and r.ok = false
      and r.started_at > ${since.toISOString()}::timestamptz and r.started_at <= ${until.toISOString()}::timestamptz
    group by p.name order by p.name`);
  const list =
    (rows as unknown as { rows?: { name: string; failed: number }[] }).rows ??
    (rows as unknown as { name: string; failed: number }[]);
  return list.map(
    (r) => `- ${r.name}: ${r.failed} failed ${Number(r.failed) === 1 ? 'run' : 'runs'}`,
  );
}
