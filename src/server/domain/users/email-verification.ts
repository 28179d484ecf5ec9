import { and, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import {
  hashOneTimeToken,
  looksLikeOneTimeToken,
  newOneTimeToken,
} from '#server/auth/one-time-token.ts';
import type { Db } from '#server/db/client.ts';
import { emailVerifications, type UserRow, users } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { DomainError } from '#server/domain/errors.ts';
import {
  emailChangeMail,
  emailChangeNoticeMail,
} from '#server/domain/mail/messages/email-change.tsx';
import { verifyEmailMail } from '#server/domain/mail/messages/verify-email.tsx';
import { queueMail } from '#server/domain/mail/outbox.ts';
import {
  MAX_VERIFY_LINKS_PER_HOUR,
  emailVerificationMessages as messages,
  VERIFY_LINK_TTL_HOURS,
  verifyEmailPath,
} from '#shared/email-verification-text.ts';
import { findUserByEmail, isUniqueViolation } from './repository.ts';

// Links that prove an address. A row whose address is the account's own proves it
// (the welcome mail, "Send the link again"); a row with another address is an e-mail
// change that replaces `users.email` only when its link is opened. Only the token's hash
// is kept; a link works once, for VERIFY_LINK_TTL_HOURS, and a newer link of the same kind
// ends the older ones.

const HOUR_MS = 60 * 60_000;

type Tx = Db;
type Owner = Pick<UserRow, 'id' | 'email' | 'name'>;
type Kind = 'own' | 'change';

interface LinkContext {
  publicUrl: string;
  ip: string | null;
}

/** Unused links of one kind: the account's own address, or changes to another. */
const unusedOfKind = (user: Owner, kind: Kind) =>
  and(
    eq(emailVerifications.userId, user.id),
    isNull(emailVerifications.usedAt),
    kind === 'own'
      ? eq(emailVerifications.email, user.email)
      : ne(emailVerifications.email, user.email),
  );

/** Stores a new link for `email` (ending older ones of its kind) and returns it. */
async function newLink(tx: Tx, user: Owner, email: string, publicUrl: string, now: Date) {
  const kind: Kind = email === user.email ? 'own' : 'change';
  // Ended, not deleted: the hourly limit counts them, and an old link can say why it stopped.
  await tx.update(emailVerifications).set({ usedAt: now }).where(unusedOfKind(user, kind));
  const { token, hash } = newOneTimeToken();
  const expiresAt = new Date(now.getTime() + VERIFY_LINK_TTL_HOURS * HOUR_MS);
  await tx
    .insert(emailVerifications)
    .values({ userId: user.id, email, tokenHash: hash, expiresAt });
  return { link: `${publicUrl}${verifyEmailPath(token)}`, expiresAt };
}

/**
 * The welcome mail of a new account, with the link that proves its address. Call inside
 * the sign-up transaction, so an account never exists without its mail.
 */
export async function sendWelcomeMail(tx: Tx, user: Owner, context: LinkContext, now = new Date()) {
  const { link } = await newLink(tx, user, user.email, context.publicUrl, now);
  await queueMail(tx, {
    kind: 'verify-email',
    sensitive: true,
    to: user.email,
    ...(await verifyEmailMail({
      name: user.name,
      link,
      hours: VERIFY_LINK_TTL_HOURS,
      welcome: true,
    })),
  });
}

/** How many links the account was sent in the hour before `now`. */
async function linksInLastHour(db: Db, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(emailVerifications)
    .where(
      and(
        eq(emailVerifications.userId, userId),
        gt(emailVerifications.createdAt, new Date(now.getTime() - HOUR_MS)),
      ),
    );
  return row?.n ?? 0;
}

async function refuseTooMany(db: Db, userId: string, now: Date) {
  if ((await linksInLastHour(db, userId, now)) >= MAX_VERIFY_LINKS_PER_HOUR) {
    throw new DomainError('rate-limited', messages.tooMany);
  }
}

/** "Send the link again": a new link to the account's own address; older ones end. */
export async function resendVerification(
  db: Db,
  user: UserRow,
  context: LinkContext,
  now = new Date(),
): Promise<void> {
  if (user.emailVerifiedAt) throw new DomainError('conflict', messages.alreadyVerified);
  await refuseTooMany(db, user.id, now);
  await db.transaction(async (tx) => {
    const { link } = await newLink(tx, user, user.email, context.publicUrl, now);
    await queueMail(tx, {
      kind: 'verify-email',
      sensitive: true,
      to: user.email,
      ...(await verifyEmailMail({
        name: user.name,
        link,
        hours: VERIFY_LINK_TTL_HOURS,
        welcome: false,
      })),
    });
    await audit(tx, {
      source: 'auth',
      message: 'E-mail verification link sent again',
      userId: user.id,
      ip: context.ip,
    });
  });
}

const taken = () => new DomainError('conflict', messages.taken, { email: messages.taken });

/** Refuses an address another account uses. */
async function refuseTaken(db: Db, userId: string, email: string) {
  const other = await findUserByEmail(db, email);
  if (other && other.id !== userId) throw taken();
}

/**
 * An e-mail change: a link to the new address, a notice to the old one. `users.email`
 * stays until the link is opened (confirmEmailLink).
 */
export async function requestEmailChange(
  db: Db,
  user: UserRow,
  email: string,
  context: LinkContext,
  now = new Date(),
): Promise<{ expiresAt: Date }> {
  if (email === user.email) {
    throw new DomainError('invalid', messages.sameAddress, { email: messages.sameAddress });
  }
  await refuseTaken(db, user.id, email);
  await refuseTooMany(db, user.id, now);
  return db.transaction(async (tx) => {
    const { link, expiresAt } = await newLink(tx, user, email, context.publicUrl, now);
    const hours = VERIFY_LINK_TTL_HOURS;
    const facts = { name: user.name, oldEmail: user.email, newEmail: email };
    await queueMail(tx, {
      kind: 'email-change',
      sensitive: true,
      to: email,
      ...(await emailChangeMail({ ...facts, link, hours })),
    });
    await queueMail(tx, {
      kind: 'email-change-notice',
      to: user.email,
      ...(await emailChangeNoticeMail(facts)),
    });
    await audit(tx, {
      source: 'auth',
      message: 'E-mail address change asked for; it waits for the link sent to the new address',
      userId: user.id,
      ip: context.ip,
    });
    return { expiresAt };
  });
}

/** The change waiting for its link, if any. */
export async function pendingEmailChange(db: Db, user: UserRow, now = new Date()) {
  const [row] = await db
    .select({ email: emailVerifications.email, expiresAt: emailVerifications.expiresAt })
    .from(emailVerifications)
    .where(and(unusedOfKind(user, 'change'), gt(emailVerifications.expiresAt, now)))
    .orderBy(desc(emailVerifications.createdAt))
    .limit(1);
  return row ?? null;
}

/** Ends the waiting change's link; false when none was waiting. */
export async function cancelEmailChange(db: Db, user: UserRow, ip: string | null) {
  const removed = await db
    .update(emailVerifications)
    .set({ usedAt: new Date() })
    .where(unusedOfKind(user, 'change'))
    .returning({ id: emailVerifications.id });
  if (removed.length === 0) return false;
  await audit(db, {
    source: 'auth',
    message: 'E-mail address change cancelled',
    userId: user.id,
    ip,
  });
  return true;
}

export interface ConfirmedEmail {
  userId: string;
  email: string;
  /** True when the link replaced the account's address. */
  changed: boolean;
}

/** Why a link cannot be used, read before anything is changed. */
async function findLink(db: Db, token: string, now: Date) {
  const unknown = () => new DomainError('not-found', messages.unknown, { token: messages.unknown });
  if (!looksLikeOneTimeToken(token)) throw unknown();
  const [found] = await db
    .select({ link: emailVerifications, user: users })
    .from(emailVerifications)
    .innerJoin(users, eq(users.id, emailVerifications.userId))
    .where(eq(emailVerifications.tokenHash, hashOneTimeToken(token)));
  if (!found) throw unknown();
  const { link, user } = found;
  if (link.usedAt) {
    // Used to prove the address the account has now, or ended by a newer link.
    const proved = link.email === user.email && user.emailVerifiedAt !== null;
    const said = proved ? messages.used : messages.replaced;
    throw new DomainError('conflict', said, { token: said });
  }
  if (link.expiresAt <= now) {
    throw new DomainError('invalid', messages.expired, { token: messages.expired });
  }
  if (user.closedAt) throw new DomainError('conflict', messages.accountClosed);
  return found;
}

/**
 * Opens a link: proves the account's address, or replaces it with the new one (checked
 * again for another account now). Single use even when opened twice at once.
 */
export async function confirmEmailLink(
  db: Db,
  token: string,
  ip: string | null,
  now = new Date(),
): Promise<ConfirmedEmail> {
  const { link, user } = await findLink(db, token, now);
  const changed = link.email !== user.email;
  if (changed) await refuseTaken(db, user.id, link.email);
  try {
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(emailVerifications)
        .set({ usedAt: now })
        .where(and(eq(emailVerifications.id, link.id), isNull(emailVerifications.usedAt)))
        .returning({ id: emailVerifications.id });
      if (!claimed) throw new DomainError('conflict', messages.used, { token: messages.used });
      await tx
        .update(users)
        .set({
          email: link.email,
          // A proved address keeps the moment it was first proved.
          emailVerifiedAt: changed
            ? now
            : sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
          updatedAt: now,
        })
        .where(eq(users.id, user.id));
      // After a change every open link names an address the account no longer has or one
      // it now has: none may be used. A proved address ends its other links and leaves a
      // waiting change alone.
      const others = changed
        ? and(eq(emailVerifications.userId, user.id), isNull(emailVerifications.usedAt))
        : unusedOfKind(user, 'own');
      await tx.update(emailVerifications).set({ usedAt: now }).where(others);
      await audit(tx, {
        source: 'auth',
        message: changed
          ? 'E-mail address changed with a link sent to it'
          : 'E-mail address verified',
        userId: user.id,
        ip,
      });
    });
  } catch (error) {
    // Another account took the address between the check and the update.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  return { userId: user.id, email: link.email, changed };
}

/** An address proved another way (a mailed invitation was accepted with it). */
export async function markEmailVerified(tx: Tx, userId: string, now = new Date()) {
  await tx
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}

/**
 * An admin typed a new address for the account: every open link (naming the old address,
 * or a change from it) stops working. The new address is not proved (the caller clears
 * `emailVerifiedAt` with it).
 */
export async function endOpenLinks(tx: Tx, userId: string, now = new Date()) {
  await tx
    .update(emailVerifications)
    .set({ usedAt: now })
    .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)));
}
