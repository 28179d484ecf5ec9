import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import {
  apiTokens,
  auditLogs,
  catalogRequests,
  checkoutSessions,
  dataExports,
  enquiries,
  legalDefaults,
  notificationMarks,
  notificationSettings,
  outbox,
  passkeys,
  passwordResets,
  processes,
  schedules,
  sessions,
  teamInvites,
  teamMembers,
  type UserRow,
  users,
  webauthnChallenges,
  webhookDeliveries,
} from '#server/db/schema.ts';
import { likePattern } from '#server/db/search.ts';
import { audit } from '#server/domain/audit/audit.ts';

// Erasing an account: its personal data is removed or anonymised everywhere it
// is stored. Processes go with their runs and schedules; the person's enquiries, mail,
// invitations, sessions and settings are deleted; mail and audit entries about them keep
// their shape with "[erased]" where the e-mail address or name was, and the notices of
// their enquiries lose their body. The users row stays as a tombstone only so the invoices
// tax law makes us keep still carry number, date, amounts and the company name. One
// transaction: it happens entirely or not at all.

export const ERASED = '[erased]';
export const ERASED_NAME = 'Erased account';
/**
 * What an enquiry notice to the consultancy says once its sender is erased: it repeated
 * their message, company and phone, which are theirs like the enquiry itself.
 */
export const ERASED_ENQUIRY_NOTICE = '[erased: this notice repeated an enquiry that was erased]';

export interface ErasureActing {
  /** The admin who erased it, or null for the retention job. */
  actorId: string | null;
  ip: string | null;
  reason: 'admin' | 'retention';
}

/** A name shorter than this is not searched for in free text: it would match other words. */
const MIN_NAME_LENGTH = 4;

/** Replaces `needle` (case-insensitive) in a text column. */
const scrubbed = (column: unknown, needle: string) =>
  sql`regexp_replace(${column}, ${escapeRegex(needle)}, ${ERASED}, 'gi')`;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The person's identifiers as they appear in free text (`text`) and inside JSON strings,
 * where quotes and backslashes are escaped (`json`).
 */
function needlesOf(account: UserRow): { text: string; json: string }[] {
  const name = account.name.trim();
  const plain = [account.email, ...(name.length >= MIN_NAME_LENGTH ? [name] : [])];
  return plain.map((text) => ({ text, json: JSON.stringify(text).slice(1, -1) }));
}

const matchesAny = (column: unknown, needles: string[]) =>
  or(...needles.map((n) => sql`${column}::text ilike ${likePattern(n)}`));

/** Erases the account; false when there is no such account or it was already erased. */
export async function eraseAccount(db: Db, userId: string, acting: ErasureActing) {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.erasedAt)))
      .for('update');
    if (!account || account.role === 'Admin') return false;
    const email = account.email.toLowerCase();
    const needles = needlesOf(account);
    const count = async (rows: Promise<unknown[]>) => (await rows).length;

    const counts = {
      processes: await count(
        tx
          .delete(processes)
          .where(eq(processes.clientUserId, userId))
          .returning({ id: processes.id }),
      ),
      enquiries: await count(
        tx
          .delete(enquiries)
          .where(sql`lower(${enquiries.email}) = ${email}`)
          .returning({ id: enquiries.id }),
      ),
      mail: await count(
        tx.delete(outbox).where(sql`lower(${outbox.to}) = ${email}`).returning({ id: outbox.id }),
      ),
    };
    await tx.delete(schedules).where(eq(schedules.clientUserId, userId));
    await tx
      .delete(teamMembers)
      .where(or(eq(teamMembers.ownerUserId, userId), eq(teamMembers.memberUserId, userId)));
    await tx
      .delete(teamInvites)
      .where(
        or(eq(teamInvites.ownerUserId, userId), sql`lower(${teamInvites.inviteeEmail}) = ${email}`),
      );
    await tx.delete(catalogRequests).where(eq(catalogRequests.clientUserId, userId));
    await tx
      .delete(sessions)
      .where(or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId)));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
    await tx.delete(passkeys).where(eq(passkeys.userId, userId));
    await tx.delete(apiTokens).where(eq(apiTokens.userId, userId));
    await tx.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
    await tx.delete(notificationSettings).where(eq(notificationSettings.userId, userId));
    await tx.delete(notificationMarks).where(eq(notificationMarks.userId, userId));
    // Run notices for their webhook (process names, reasons) go with the settings.
    await tx.delete(webhookDeliveries).where(eq(webhookDeliveries.userId, userId));
    await tx.delete(legalDefaults).where(eq(legalDefaults.userId, userId));
    await tx.delete(dataExports).where(eq(dataExports.userId, userId));
    await tx.delete(checkoutSessions).where(eq(checkoutSessions.clientUserId, userId));
    // Rate-limit counters are keyed by address for sign-in and reset attempts.
    await tx.execute(sql`delete from rate_limits where key ilike ${likePattern(email)}`);

    // Mail to others that answers to the person (enquiry notices, invitations they sent).
    await tx
      .update(outbox)
      .set({ text: ERASED_ENQUIRY_NOTICE })
      .where(and(eq(outbox.kind, 'enquiry'), sql`lower(${outbox.replyTo}) = ${email}`));
    await tx.update(outbox).set({ replyTo: null }).where(sql`lower(${outbox.replyTo}) = ${email}`);
    // Mail to others (the consultancy's own notices) that names the person.
    for (const needle of needles) {
      await tx
        .update(outbox)
        .set({
          subject: scrubbed(outbox.subject, needle.text),
          text: scrubbed(outbox.text, needle.text),
        })
        .where(matchesAny(sql`${outbox.subject} || ' ' || ${outbox.text}`, [needle.text]));
      await tx
        .update(auditLogs)
        .set({
          message: scrubbed(auditLogs.message, needle.text),
          details: sql`${scrubbed(sql`${auditLogs.details}::text`, needle.json)}::jsonb`,
        })
        .where(
          or(
            matchesAny(auditLogs.message, [needle.text]),
            matchesAny(auditLogs.details, [needle.json]),
          ),
        );
    }
    // Where they connected from is theirs too.
    await tx
      .update(auditLogs)
      .set({ ip: null })
      .where(or(eq(auditLogs.userId, userId), eq(auditLogs.actorId, userId)));

    const now = new Date();
    await tx
      .update(users)
      .set({
        name: ERASED_NAME,
        email: `erased-${userId}@erased.invalid`,
        passwordHash: '',
        companyCode: null,
        allowedIps: [],
        n8nWebhookKey: null,
        entitlements: {},
        subscriptionStatus: 'canceled',
        billingStatus: 'cancelled',
        zohoContactId: null,
        zohoSubscriptionId: null,
        zohoCRMContactId: null,
        zohoBooksContactId: null,
        zohoDeskContactId: null,
        zohoSubscriptionsCustomerId: null,
        stripeCustomerId: null,
        stripeSubscriptionId: null,
        totpSecret: null,
        totpPendingSecret: null,
        totpEnabled: false,
        recoveryCodeHashes: [],
        tokenVersion: sql`${users.tokenVersion} + 1`,
        closedAt: account.closedAt ?? now,
        erasedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await audit(tx, {
      level: 'warning',
      source: 'privacy',
      message:
        acting.reason === 'retention'
          ? 'Account erased: closed longer than the retention period'
          : 'Account erased',
      userId,
      actorId: acting.actorId,
      ip: acting.ip,
      details: { ...counts, reason: acting.reason },
    });
    return true;
  });
}
