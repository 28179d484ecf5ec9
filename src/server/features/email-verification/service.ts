import { verifyPassword } from '#server/auth/passwords.ts';
import type { Db } from '#server/db/client.ts';
import type { UserRow } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { DomainError } from '#server/domain/errors.ts';
import { requestEmailChange } from '#server/domain/users/email-verification.ts';
import type { ChangeEmail } from '#shared/email-verification.ts';
import { passwordMessages } from '#shared/password.ts';

// Changing the address the account signs in with asks for the password first: a session
// left open on someone else's screen must not hand the account to a new address.

export async function changeEmail(
  db: Db,
  user: UserRow,
  input: ChangeEmail,
  context: { publicUrl: string; ip: string },
) {
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await audit(db, {
      level: 'warning',
      source: 'auth',
      message: 'E-mail change refused: wrong current password',
      userId: user.id,
      ip: context.ip,
    });
    throw new DomainError('invalid', passwordMessages.currentWrong, {
      currentPassword: passwordMessages.currentWrong,
    });
  }
  return requestEmailChange(db, user, input.email, context);
}
