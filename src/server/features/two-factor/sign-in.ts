import { signIn } from '#server/auth/sessions.ts';
import { userOfChallenge } from '#server/auth/sign-in-challenge.ts';
import type { TokenService } from '#server/auth/tokens.ts';
import type { Db } from '#server/db/client.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { userToJson } from '#server/domain/users/to-json.ts';
import { unauthorized } from '#server/http/errors.ts';
import type { TwoFactorLogin } from '#shared/two-factor.ts';
import { twoFactorMessages } from '#shared/two-factor.ts';
import type { AuthResponse } from '#shared/user.ts';
import { verifySecondFactor } from './service.ts';

// The second step of a sign-in with two-factor on: the password step's challenge and a
// TOTP or recovery code give a session.

export async function completeSignIn(
  { db, tokens, ip }: { db: Db; tokens: TokenService; ip: string },
  input: TwoFactorLogin,
): Promise<AuthResponse> {
  const user = await userOfChallenge(db, tokens, input.challenge);
  if (!(await verifySecondFactor(db, user, input.code))) {
    await audit(db, {
      level: 'warning',
      source: 'auth',
      message: 'Failed two-factor code',
      userId: user.id,
      ip,
    });
    throw unauthorized(twoFactorMessages.wrongCode);
  }
  const token = await signIn(db, tokens, user, ip, { twoFactor: true });
  return { token, user: userToJson(user) };
}
