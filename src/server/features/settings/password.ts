import { and, eq, isNull, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '#server/auth/passwords.ts';
import { endOtherSessions } from '#server/auth/sessions.ts';
import type { TokenService } from '#server/auth/tokens.ts';
import type { Db } from '#server/db/client.ts';
import { passwordResets, type UserRow, users } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { badRequest } from '#server/http/errors.ts';
import { type ChangePassword, passwordMessages } from '#shared/password.ts';

// Settings → Change password. A wrong current password is a form error (400), not a
// session failure. The token version is bumped and every other session ends (test
// sessions the user opened as an admin too); the caller gets a fresh token for the same
// session, so the session that made the change carries on.

export async function changePassword(
  db: Db,
  tokens: TokenService,
  user: UserRow,
  input: ChangePassword,
  { ip, sessionId }: { ip: string; sessionId: string },
): Promise<{ token: string }> {
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await audit(db, {
      level: 'warning',
      source: 'settings',
      message: 'Password change refused: wrong current password',
      userId: user.id,
      ip,
    });
    throw badRequest(passwordMessages.currentWrong, {
      currentPassword: passwordMessages.currentWrong,
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  const now = new Date();
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning({ id: users.id, tokenVersion: users.tokenVersion });
    if (!row) throw new Error('password update matched no user');
    // A reset link asked for before the change must not undo it.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await endOtherSessions(tx, user.id, sessionId, now);
    await audit(tx, {
      source: 'settings',
      message: 'Password changed; other sessions signed out',
      userId: user.id,
      ip,
    });
    return row;
  });
  return {
    token: await tokens.sign({ sub: updated.id, tv: updated.tokenVersion, sid: sessionId }),
  };
}
