import type { Db } from '#server/db/client.ts';
import type { UserRow } from '#server/db/schema.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { unauthorized } from '#server/http/errors.ts';
import type { TokenService } from './tokens.ts';

// The password step of a sign-in with two-factor on answers a short-lived challenge; the
// second step (a code or a passkey) sends it back to say whose sign-in it finishes.

/** The person whose password step gave `challenge`, while it is live and the password unchanged. */
export async function userOfChallenge(
  db: Db,
  tokens: TokenService,
  challenge: string,
): Promise<UserRow> {
  const claims = await tokens.verifyChallenge(challenge);
  const user = claims ? await findUserById(db, claims.sub) : undefined;
  if (!claims || !user || user.tokenVersion !== claims.tv) {
    throw unauthorized('This sign-in has expired. Please enter your password again.');
  }
  return user;
}
