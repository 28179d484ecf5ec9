import { and, eq, gt, lte, or } from 'drizzle-orm';
import { notificationMarks } from '#server/db/schema.ts';
import { moreRuns, WINDOW_MS } from './claim-window.ts';
import type { NotifierDeps } from './notifier-deps.ts';
import { processName, sendNotice } from './send-notice.ts';
import { subscriberById } from './subscribers.ts';

// What was counted during a window and not told yet, told once the window has passed
// (the notification job asks every minute). Claiming a mark resets it, so of two
// instances only one tells it.

/** Returns the notices sent. */
export async function flushHeld(deps: NotifierDeps, now = new Date()): Promise<number> {
  const { db } = deps;
  const due = await db
    .select()
    .from(notificationMarks)
    .where(
      and(
        or(gt(notificationMarks.heldFailures, 0), gt(notificationMarks.heldSkips, 0)),
        lte(notificationMarks.lastSentAt, new Date(now.getTime() - WINDOW_MS)),
      ),
    )
    .limit(500);
  let sent = 0;
  for (const mark of due) {
    const [claimed] = await db
      .update(notificationMarks)
      .set({ heldFailures: 0, heldSkips: 0, lastSentAt: now })
      .where(
        and(
          eq(notificationMarks.userId, mark.userId),
          eq(notificationMarks.processId, mark.processId),
          eq(notificationMarks.lastSentAt, mark.lastSentAt),
        ),
      )
      .returning();
    if (!claimed) continue;
    const person = await subscriberById(db, mark.userId);
    if (!person) continue;
    const name = await processName(db, mark.processId);
    const held = moreRuns({ failures: mark.heldFailures, skips: mark.heldSkips });
    await sendNotice(deps, person, {
      processId: mark.processId,
      name,
      kind: mark.heldFailures ? 'failure' : 'skip',
      subject: `More trouble with ${name}`,
      lines: [`Since the last notice, "${name}" had ${held}.`],
    });
    sent++;
  }
  return sent;
}
