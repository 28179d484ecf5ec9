import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { notificationMarks } from '#server/db/schema.ts';
import { BURST_MINUTES } from '#shared/notifications.ts';
import type { NoticeKind } from './subscribers.ts';

// Bursts are grouped: per person and process at most one notice each BURST_MINUTES; what
// happens in between is counted in notification_marks and told in the next notice, or by
// the held flush once the window has passed.

export const WINDOW_MS = BURST_MINUTES * 60_000;

/** Events counted during a window and not told yet. */
export interface Held {
  failures: number;
  skips: number;
}

/**
 * Decides to send now (no notice for this process within the window) or to count the
 * event for later: concurrent failures make one notice, never two. A notice sent after
 * the window takes over what was counted and not told yet (returned as `held`): the
 * minute job may not have told it, and once lastSentAt moves on it never would.
 */
export async function claimWindow(
  db: Db,
  userId: string,
  processId: string,
  kind: NoticeKind,
  now: Date,
): Promise<{ send: false } | { send: true; held: Held }> {
  const [first] = await db
    .insert(notificationMarks)
    .values({ userId, processId, lastSentAt: now })
    .onConflictDoNothing()
    .returning();
  if (first) return { send: true, held: { failures: 0, skips: 0 } };
  // One statement that counts or resets the row and returns its values from before: the
  // row is locked by the subquery, so a concurrent event or flush waits and then sees
  // this one's result (every held event is told by exactly one notice).
  const windowStart = sql`${new Date(now.getTime() - WINDOW_MS).toISOString()}::timestamptz`;
  const within = sql`m.last_sent_at > ${windowStart}`;
  const bump = (column: 'held_failures' | 'held_skips', counted: boolean) =>
    counted
      ? sql`case when ${within} then m.${sql.raw(column)} + 1 else 0 end`
      : sql`case when ${within} then m.${sql.raw(column)} else 0 end`;
  const result = (await db.execute(sql`
    update notification_marks m set
      held_failures = ${bump('held_failures', kind === 'failure')},
      held_skips = ${bump('held_skips', kind === 'skip')},
      last_sent_at = case when ${within} then m.last_sent_at else ${now.toISOString()}::timestamptz end
    from (select user_id, process_id, held_failures, held_skips, last_sent_at
          from notification_marks where user_id = ${userId} and process_id = ${processId}
          for update) old
    where m.user_id = old.user_id and m.process_id = old.process_id
    returning not (old.last_sent_at > ${windowStart}) as sent,
      old.held_failures, old.held_skips`)) as {
    rows: { sent: boolean; held_failures: number; held_skips: number }[];
  };
  const [row] = result.rows;
  if (!row?.sent) return { send: false };
  return { send: true, held: { failures: row.held_failures, skips: row.held_skips } };
}

/** "2 more failed runs and 1 more skipped run"; empty when nothing was held. */
export function moreRuns(held: Held) {
  const count = (n: number, what: string) =>
    n ? `${n} more ${what} ${n === 1 ? 'run' : 'runs'}` : null;
  return [count(held.failures, 'failed'), count(held.skips, 'skipped')]
    .filter(Boolean)
    .join(' and ');
}
