import { and, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import {
  notificationMarks,
  notificationSettings,
  processes,
  teamMembers,
  users,
} from '#server/db/schema.ts';
import { queueMail } from '#server/domain/mail/outbox.ts';
import {
  attemptDelivery,
  claimDueDeliveries,
  postNotice,
  queueDelivery,
} from '#server/domain/notifications/webhook-deliveries.ts';
import { brand } from '#shared/brand.ts';
import { BURST_MINUTES } from '#shared/notifications.ts';
import { paths } from '#shared/paths.ts';
import { ownerCapabilities } from '#shared/plans.ts';

// Run notices (issue 16): a failed run or a skipped scheduled run tells each person of the
// account who asked (owner and team members with Pro's hasNotifications), by e-mail and/or
// a signed webhook. Bursts are grouped: per person and process at most one notice each
// BURST_MINUTES; what happens in between is counted (notification_marks) and told in the
// next notice, or by flushHeld() once the window has passed.

export type NoticeKind = 'failure' | 'skip';

export interface RunEvent {
  processId: string;
  ownerId: string;
  kind: NoticeKind;
  /** "The workflow answered 500", "the plan allows every 15 minutes"… */
  reason: string;
}

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

/** Events counted during a window and not told yet. */
interface Held {
  failures: number;
  skips: number;
}

type Subscriber = typeof users.$inferSelect & {
  settings: typeof notificationSettings.$inferSelect;
};

const WINDOW_MS = BURST_MINUTES * 60_000;
const DAY_MS = 86_400_000;

export function createNotifier(deps: {
  db: Db;
  publicUrl: string;
  allowPrivate: boolean;
  log?: FastifyBaseLogger;
  /** The first wait of the retry back-off (RETRY_FIRST_DELAY_SECONDS). */
  firstRetryMs?: number;
}): Notifier {
  const { db, publicUrl, allowPrivate, log, firstRetryMs } = deps;
  const pending = new Set<Promise<unknown>>();

  /** The account's people who set notifications up, when its plan includes them. */
  async function subscribers(ownerId: string): Promise<Subscriber[]> {
    const [owner] = await db.select().from(users).where(eq(users.id, ownerId));
    if (!owner || !ownerCapabilities(owner).hasNotifications) return [];
    const members = await db
      .select({ id: teamMembers.memberUserId })
      .from(teamMembers)
      .where(eq(teamMembers.ownerUserId, ownerId));
    const rows = await db
      .select({ user: users, settings: notificationSettings })
      .from(notificationSettings)
      .innerJoin(users, eq(users.id, notificationSettings.userId))
      .where(inArray(notificationSettings.userId, [ownerId, ...members.map((m) => m.id)]));
    return rows.map(({ user, settings }) => ({ ...user, settings }));
  }

  const wants = (s: Subscriber, kind: NoticeKind) =>
    Boolean(s.settings.webhookUrl) ||
    (!s.settings.dailySummary &&
      (kind === 'failure' ? s.settings.emailOnFailure : s.settings.emailOnSkip));

  /**
   * Decides to send now (no notice for this process within the window) or to count the
   * event for later: concurrent failures make one notice, never two. A notice sent after
   * the window takes over what was counted and not told yet (returned as `held`): the
   * minute job may not have told it, and once lastSentAt moves on it never would.
   */
  async function claimWindow(
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

  async function processName(processId: string) {
    const [row] = await db
      .select({ name: processes.name })
      .from(processes)
      .where(eq(processes.id, processId));
    return row?.name ?? 'A process';
  }

  async function tell(
    s: Subscriber,
    notice: { processId: string; name: string; lines: string[]; subject: string; kind: NoticeKind },
  ) {
    // Opens that process's run history (the portal reads ?runs=).
    const link = `${publicUrl}${paths.clientProcesses}?runs=${encodeURIComponent(notice.processId)}`;
    const mailWanted =
      !s.settings.dailySummary &&
      (notice.kind === 'failure' ? s.settings.emailOnFailure : s.settings.emailOnSkip);
    if (mailWanted) {
      await queueMail(db, {
        kind: 'run-notice',
        to: s.email,
        subject: notice.subject,
        text: [
          `Hello ${s.name},`,
          '',
          ...notice.lines,
          '',
          `See the run history: ${link}`,
          '',
          brand.name,
          '',
        ].join('\n'),
      });
    }
    if (!s.settings.webhookUrl) return;
    const event = notice.kind === 'failure' ? 'run.failed' : 'run.skipped';
    const body = JSON.stringify({
      text: `${notice.subject}\n${notice.lines.join('\n')}\n${link}`,
      event,
      process: { id: notice.processId, name: notice.name },
      link,
    });
    // Kept until delivered; the first try is now, not at the job's next round.
    const delivery = await queueDelivery(db, { userId: s.id, event, body });
    await attemptDelivery(db, delivery, { allowPrivate, log, firstRetryMs });
  }

  async function handle(event: RunEvent, now = new Date()) {
    const people = (await subscribers(event.ownerId)).filter((s) => wants(s, event.kind));
    if (people.length === 0) return;
    const name = await processName(event.processId);
    for (const person of people) {
      const claim = await claimWindow(person.id, event.processId, event.kind, now);
      if (!claim.send) continue;
      const what = event.kind === 'failure' ? 'failed' : 'was skipped';
      const held = moreRuns(claim.held);
      await tell(person, {
        processId: event.processId,
        name,
        kind: event.kind,
        subject: `${event.kind === 'failure' ? 'Run failed' : 'Scheduled run skipped'}: ${name}`,
        lines: [
          `"${name}" ${what}: ${event.reason}.`,
          ...(held ? [`Since the last notice, "${name}" also had ${held}.`] : []),
        ],
      });
    }
  }

  function track<T>(work: Promise<T>) {
    pending.add(work);
    void work.finally(() => pending.delete(work));
    return work;
  }

  return {
    notify(event, now) {
      void track(
        handle(event, now).catch((error: unknown) =>
          log?.error({ err: error }, 'run notice failed'),
        ),
      );
    },

    async flushHeld(now = new Date()) {
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
        const [row] = await db
          .select({ user: users, settings: notificationSettings })
          .from(users)
          .innerJoin(notificationSettings, eq(notificationSettings.userId, users.id))
          .where(eq(users.id, mark.userId));
        if (!row) continue;
        const name = await processName(mark.processId);
        const held = moreRuns({ failures: mark.heldFailures, skips: mark.heldSkips });
        await tell(
          { ...row.user, settings: row.settings },
          {
            processId: mark.processId,
            name,
            kind: mark.heldFailures ? 'failure' : 'skip',
            subject: `More trouble with ${name}`,
            lines: [`Since the last notice, "${name}" had ${held}.`],
          },
        );
        sent++;
      }
      return sent;
    },

    async dailySummaries(now = new Date()) {
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
          subject: 'Your daily workflow summary',
          text: [
            `Hello ${user.name},`,
            '',
            'In the last day:',
            ...summary,
            '',
            `${publicUrl}${paths.clientProcesses}`,
            '',
            brand.name,
            '',
          ].join('\n'),
        });
        sent++;
      }
      return sent;
    },

    async deliverWebhooks(now = new Date()) {
      const due = await claimDueDeliveries(db, now);
      for (const row of due) {
        await attemptDelivery(db, row, { allowPrivate, now, log, firstRetryMs });
      }
      return due.length;
    },

    async sendTest(userId) {
      const [settings] = await db
        .select({
          url: notificationSettings.webhookUrl,
          secret: notificationSettings.webhookSecret,
        })
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, userId));
      if (!settings?.url || !settings.secret) return 0;
      // Straight to the listener: the person waits for its answer on the page.
      const body = JSON.stringify({
        text: `Test notice from ${brand.name}: your webhook works.`,
        event: 'test',
        link: `${publicUrl}${paths.settings}`,
      });
      return postNotice({ url: settings.url, secret: settings.secret }, body, allowPrivate);
    },

    idle: async () => {
      await Promise.allSettled([...pending]);
    },
  };
}

/** "2 more failed runs and 1 more skipped run"; empty when nothing was held. */
function moreRuns(held: Held) {
  const count = (n: number, what: string) =>
    n ? `${n} more ${what} ${n === 1 ? 'run' : 'runs'}` : null;
  return [count(held.failures, 'failed'), count(held.skips, 'skipped')]
    .filter(Boolean)
    .join(' and ');
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
