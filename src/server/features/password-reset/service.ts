import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  hashOneTimeToken,
  looksLikeOneTimeToken,
  newOneTimeToken,
} from '#server/auth/one-time-token.ts';
import { hashPassword } from '#server/auth/passwords.ts';
import type { Db } from '#server/db/client.ts';
import { passwordResets, users } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { passwordResetMail } from '#server/domain/mail/messages/password-reset.tsx';
import { queueMail } from '#server/domain/mail/outbox.ts';
import { findUserByEmail } from '#server/domain/users/repository.ts';
import { badRequest, conflict } from '#server/http/errors.ts';
import {
  passwordMessages,
  RESET_TTL_MINUTES,
  type ResetPassword,
  resetPasswordPath,
} from '#shared/password.ts';

// Forgot password: a one-time link by e-mail, valid one hour. The answer to the request
// is the same whether or not the address has an account; setting the new password ends
// every older session (the token version is bumped).

/** More links than this per account per hour are not sent: the inbox is not a target. */
export const MAX_RESETS_PER_HOUR = 3;
const HOUR_MS = 60 * 60_000;

export async function requestReset(
  db: Db,
  email: string,
  context: { publicUrl: string; ip: string },
  now = new Date(),
): Promise<void> {
  const user = await findUserByEmail(db, email);
  // A closed account stays closed: no reset link is sent to sign in with again
  // (docs/decisions/017-privacy-requests.md).
  if (!user || user.closedAt) return;
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const [recent] = await db
    .select({ n: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, hourAgo)));
  if ((recent?.n ?? 0) >= MAX_RESETS_PER_HOUR) {
    await audit(db, {
      level: 'warning',
      source: 'auth',
      message: 'Password reset link not sent: hourly limit reached',
      userId: user.id,
      ip: context.ip,
    });
    return;
  }
  await issueResetLink(db, user, { ...context, actorId: null });
}

/**
 * Stores a one-hour reset link for the user and queues it by mail; returns the link (for
 * an admin to pass on when the server has no SMTP). Only its hash is kept.
 */
export async function issueResetLink(
  db: Db,
  user: { id: string; email: string; closedAt: Date | null },
  context: { publicUrl: string; ip: string; actorId: string | null },
  now = new Date(),
): Promise<string> {
  if (user.closedAt) throw conflict(passwordMessages.accountClosed);
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const { token, hash } = newOneTimeToken();
  const link = `${context.publicUrl}${resetPasswordPath(token)}`;
  await db.transaction(async (tx) => {
    // Links older than an hour are dead anyway; dropping them keeps the table small.
    await tx
      .delete(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), lt(passwordResets.createdAt, hourAgo)));
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hash,
      expiresAt: new Date(now.getTime() + RESET_TTL_MINUTES * 60_000),
    });
    await queueMail(tx, {
      kind: 'password-reset',
      sensitive: true,
      to: user.email,
      ...(await passwordResetMail({ link, minutes: RESET_TTL_MINUTES })),
    });
    await audit(tx, {
      source: 'auth',
      message: context.actorId
        ? 'Password reset link made by an admin'
        : 'Password reset link sent',
      userId: user.id,
      actorId: context.actorId,
      ip: context.ip,
    });
  });
  return link;
}

const invalidLink = () =>
  badRequest(passwordMessages.resetInvalid, { token: passwordMessages.resetInvalid });

const liveLink = (token: string, now: Date) =>
  and(
    eq(passwordResets.tokenHash, hashOneTimeToken(token)),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, now),
  );

/**
 * Refuses a link that is unknown, used or expired, or whose account closed, without
 * using it: the reset page asks first, so a dead link is said before any password is typed.
 */
export async function checkResetLink(db: Db, token: string, now = new Date()): Promise<void> {
  if (!looksLikeOneTimeToken(token)) throw invalidLink();
  const [found] = await db
    .select({ closedAt: users.closedAt })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(liveLink(token, now));
  if (!found) throw invalidLink();
  // A link made before the account closed would change a password nobody can use.
  if (found.closedAt) throw conflict(passwordMessages.accountClosed);
}

export async function resetPassword(
  db: Db,
  input: ResetPassword,
  ip: string,
  now = new Date(),
): Promise<void> {
  // Check first so a dead link costs no password hashing; claim below decides for real.
  await checkResetLink(db, input.token, now);
  const live = liveLink(input.token, now);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(live)
      .returning({ userId: passwordResets.userId });
    if (!claimed) throw invalidLink();
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
      .where(eq(users.id, claimed.userId));
    // Every other link of the account dies with this one.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, claimed.userId), isNull(passwordResets.usedAt)));
    await audit(tx, {
      source: 'auth',
      message: 'Password reset with an e-mailed link; all sessions signed out',
      userId: claimed.userId,
      ip,
    });
  });
}
