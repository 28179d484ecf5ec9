import { dailySummaries } from './daily-summaries.ts';
import { flushHeld } from './held-flush.ts';
import type { NotifierDeps } from './notifier-deps.ts';
import { noticeRun, type RunEvent } from './run-notice.ts';
import { attemptDelivery, claimDueDeliveries } from './webhook-deliveries.ts';
import { sendTestNotice } from './webhook-test.ts';

// Run notices: a failed run or a skipped scheduled run tells each person of the account
// who asked (owner and team members with Pro's hasNotifications), by e-mail and/or a
// signed webhook. Bursts are grouped: per person and process at most one notice each
// BURST_MINUTES; what happens in between is counted and told in the next notice, or by
// flushHeld() once the window has passed. Each verb lives in a file beside this one.

export type { NoticeKind } from './subscribers.ts';
export type { RunEvent };

export interface Notifier {
  /** Never throws and never delays the caller: a failed notice is logged. */
  notify(event: RunEvent, now?: Date): void;
  /** Tells the counted events whose window has passed; returns notices sent. */
  flushHeld(now?: Date): Promise<number>;
  /** Once a day per person who chose the summary; returns mails queued. */
  dailySummaries(now?: Date): Promise<number>;
  /** Tries the webhook notices due at `now` again; returns how many were tried. */
  deliverWebhooks(now?: Date): Promise<number>;
  /** Sends a test notice to the user's webhook at once, never queued; the HTTP status it got. */
  sendTest(userId: string): Promise<number>;
  /** Resolves once every notice started so far is done (tests, shutdown). */
  idle(): Promise<void>;
}

export function createNotifier(deps: NotifierDeps): Notifier {
  const { db, allowPrivate, log, firstRetryMs } = deps;
  const pending = new Set<Promise<unknown>>();

  function track<T>(work: Promise<T>) {
    pending.add(work);
    void work.finally(() => pending.delete(work));
    return work;
  }

  return {
    notify(event, now) {
      void track(
        noticeRun(deps, event, now).catch((error: unknown) =>
          log?.error({ err: error }, 'run notice failed'),
        ),
      );
    },
    flushHeld: (now) => flushHeld(deps, now),
    dailySummaries: (now) => dailySummaries(deps, now),
    async deliverWebhooks(now = new Date()) {
      const due = await claimDueDeliveries(db, now);
      for (const row of due) {
        await attemptDelivery(db, row, { allowPrivate, now, log, firstRetryMs });
      }
      return due.length;
    },
    sendTest: (userId) => sendTestNotice(deps, userId),
    idle: async () => {
      await Promise.allSettled([...pending]);
    },
  };
}
