import { and, eq, inArray, isNull, lt, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { deleteOldSessions } from '#server/auth/sessions.ts';
import { deleteExpiredChallenges } from '#server/auth/webauthn-challenges.ts';
import type { Db } from '#server/db/client.ts';
import { auditLogs, enquiries, outbox, users } from '#server/db/schema.ts';
import { ERASED_ENQUIRY_NOTICE, eraseAccount } from '#server/domain/accounts/erasure.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { CLEARED_AFTER_DELIVERY, CLEARED_UNDELIVERED } from '#server/domain/mail/outbox.ts';
import { deleteOldDeliveries } from '#server/domain/notifications/webhook-deliveries.ts';
import { advanceRunWindows } from '#server/domain/runs/rollups.ts';
import { planCapabilities } from '#shared/plans.ts';
import { retention } from '#shared/retention.ts';
import type { Job } from './runner.ts';

// Deletes runs older than their account's log retention (7 or 30 days by plan), old
// audit entries, enquiries, mail and webhook notices, sessions long over and passkey
// challenges nobody answered, clears one-time links from mail that was never delivered,
// and erases accounts closed longer than the privacy policy promises
// (shared/retention.ts), once at start and then daily, on one instance at a time. It also
// moves the analytics windows on (domain/runs/rollups.ts), so the first screen of a day is
// quick.

const DAY_MS = 86_400_000;

/** Sessions are kept this long after they expired or ended, then deleted. */
export const SESSION_RETENTION_DAYS = 30;

/**
 * Undelivered mail holding a one-time link keeps its body this long. The longest-lived
 * link (a team invite) is dead by then, so the body is of no use to anyone but a reader of
 * the database.
 */
export const SENSITIVE_MAIL_RETENTION_DAYS = retention.sensitiveMailDays;
/** Kinds that always hold a link: rows queued before the sensitive flag existed have them too. */
const SENSITIVE_KINDS = ['password-reset', 'team-invite'];

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

/**
 * Clears the body of sensitive mail queued more than `days` days ago and not cleared yet
 * (delivered mail is cleared by the sender). A pending one is marked failed as well: sent
 * now, it would carry a dead link, or the note instead of the message. A pending row whose
 * next attempt is still ahead may be in the middle of a send (a lease): the next daily run
 * takes it.
 */
export async function clearStaleSensitiveMail(
  db: Db,
  days = SENSITIVE_MAIL_RETENTION_DAYS,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const pending = sql`${outbox.status} = 'pending'`;
  const cleared = await db
    .update(outbox)
    .set({
      text: sql`case when ${outbox.status} = 'sent' then ${CLEARED_AFTER_DELIVERY} else ${CLEARED_UNDELIVERED} end`,
      // The HTML part carries the same link.
      html: null,
      status: sql`case when ${pending} then 'failed' else ${outbox.status} end`,
      lastError: sql`case when ${pending} then ${`Not delivered within ${days} days; the one-time link in it has expired.`} else ${outbox.lastError} end`,
    })
    .where(
      and(
        or(eq(outbox.sensitive, true), inArray(outbox.kind, SENSITIVE_KINDS)),
        lt(outbox.createdAt, cutoff),
        notInArray(outbox.text, [CLEARED_AFTER_DELIVERY, CLEARED_UNDELIVERED]),
        or(ne(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now)),
      ),
    )
    .returning({ id: outbox.id });
  return cleared.length;
}

/**
 * Enquiries older than the period the privacy policy names (shared/retention.ts) go, with
 * an audit entry that counts them and says nothing of what they held.
 */
export async function deleteExpiredEnquiries(
  db: Db,
  days: number = retention.enquiriesDays,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const deleted = await db
    .delete(enquiries)
    .where(lt(enquiries.createdAt, cutoff))
    .returning({ id: enquiries.id });
  // The notices they sent the consultancy repeat them; one never delivered is still kept.
  await db
    .update(outbox)
    .set({ text: ERASED_ENQUIRY_NOTICE })
    .where(
      and(
        eq(outbox.kind, 'enquiry'),
        lt(outbox.createdAt, cutoff),
        ne(outbox.text, ERASED_ENQUIRY_NOTICE),
      ),
    );
  if (deleted.length > 0) {
    await audit(db, {
      source: 'retention',
      message: `${deleted.length} ${deleted.length === 1 ? 'enquiry' : 'enquiries'} older than ${days} days deleted`,
      details: { count: deleted.length, days },
    });
  }
  return deleted.length;
}

/**
 * Copies of mail are kept `days` days (shared/retention.ts mailDays), delivered or given
 * up; mail still waiting for a retry is left to the sender.
 */
export async function deleteOldMail(
  db: Db,
  days: number = retention.mailDays,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const deleted = await db
    .delete(outbox)
    .where(and(ne(outbox.status, 'pending'), lt(outbox.createdAt, cutoff)))
    .returning({ id: outbox.id });
  return deleted.length;
}

/**
 * Accounts closed longer than the period the privacy policy names are erased, one by one
 * (each in its own transaction), with an audit entry each and one that counts them.
 */
export async function eraseClosedAccounts(
  db: Db,
  days: number = retention.closedAccountDays,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const due = await db
    .select({ id: users.id })
    .from(users)
    .where(and(lt(users.closedAt, cutoff), isNull(users.erasedAt)));
  let erased = 0;
  for (const { id } of due) {
    if (await eraseAccount(db, id, { actorId: null, ip: null, reason: 'retention' })) erased++;
  }
  if (erased > 0) {
    await audit(db, {
      source: 'retention',
      message: `${erased} ${erased === 1 ? 'account' : 'accounts'} closed more than ${days} days ago erased`,
      details: { count: erased, days },
    });
  }
  return erased;
}

export function retentionJob(db: Db, auditRetentionDays: number, log?: FastifyBaseLogger): Job {
  return {
    name: 'retention',
    title: 'Retention cleanup',
    schedule: { everyMs: DAY_MS },
    singleton: true,
    run: () => cleanUp(db, auditRetentionDays, log),
  };
}

async function cleanUp(db: Db, auditRetentionDays: number, log?: FastifyBaseLogger) {
  // One after the other, in this order (an object literal's awaits run in turn).
  const counts = {
    runsDeleted: await deleteExpiredRuns(db),
    auditDeleted: await deleteExpiredAuditLogs(db, auditRetentionDays),
    mailCleared: await clearStaleSensitiveMail(db),
    sessionsDeleted: await deleteOldSessions(db, SESSION_RETENTION_DAYS),
    challengesDeleted: await deleteExpiredChallenges(db),
    enquiriesDeleted: await deleteExpiredEnquiries(db),
    mailDeleted: await deleteOldMail(db),
    webhookNoticesDeleted: await deleteOldDeliveries(db),
    accountsErased: await eraseClosedAccounts(db),
  };
  await advanceRunWindows(db);
  if (Object.values(counts).some((count) => count > 0)) log?.info(counts, 'retention cleanup');
}
