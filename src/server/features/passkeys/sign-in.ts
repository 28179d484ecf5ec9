import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import { signIn } from '#server/auth/sessions.ts';
import { userOfChallenge } from '#server/auth/sign-in-challenge.ts';
import { refuseSignIn } from '#server/auth/sign-in-refusal.ts';
import type { TokenService } from '#server/auth/tokens.ts';
import { saveChallenge } from '#server/auth/webauthn-challenges.ts';
import type { Db } from '#server/db/client.ts';
import { passkeys } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { userToJson } from '#server/domain/users/to-json.ts';
import { badRequest, unauthorized } from '#server/http/errors.ts';
import { type PasskeySignIn, type PasskeyStep, passkeyMessages } from '#shared/passkeys.ts';
import type { AuthResponse } from '#shared/user.ts';
import { findByCredentialId, takeAnsweredChallenge, verifyAssertion } from './credentials.ts';
import { CEREMONY_TIMEOUT_MS, type RelyingParty } from './relying-party.ts';

// Signing in with a passkey (docs/decisions/020-passkeys.md): on its own, where the
// passkey names the account and the person is verified on the device; or as the second
// step after a right password, in place of a code.

interface Context {
  db: Db;
  tokens: TokenService;
  rp: RelyingParty;
  ip: string;
}

const failed = (db: Db, ip: string, userId: string | null, message: string) =>
  audit(db, { level: 'warning', source: 'auth', message, userId, ip });

/**
 * Options for a sign-in that names nobody: no allowed credentials, so the browser offers
 * the passkeys it holds for this site; user verification required, because the passkey is
 * then the whole sign-in (something held, unlocked by a fingerprint, face or PIN).
 */
export async function signInOptions(db: Db, rp: RelyingParty) {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: [],
    userVerification: 'required',
    timeout: CEREMONY_TIMEOUT_MS,
  });
  await saveChallenge(db, options.challenge, 'sign-in', null);
  return options;
}

export async function signInWithPasskey(
  { db, tokens, rp, ip }: Context,
  { response }: PasskeySignIn,
): Promise<AuthResponse> {
  const taken = await takeAnsweredChallenge(db, response, 'sign-in');
  if (!taken) throw unauthorized(passkeyMessages.expired);
  const passkey = await findByCredentialId(db, response.id);
  if (!passkey) {
    await failed(db, ip, null, 'Failed passkey sign-in: unknown passkey');
    throw unauthorized(passkeyMessages.unknown);
  }
  const user = await findUserById(db, passkey.userId);
  const answer = { response, challenge: taken.challenge, requireUserVerification: true };
  if (!user || !(await verifyAssertion(db, rp, passkey, answer))) {
    await failed(db, ip, passkey.userId, 'Failed passkey sign-in');
    throw unauthorized(passkeyMessages.notVerified);
  }
  // The same refusals as a password sign-in: a closed account, a refused address.
  await refuseSignIn(db, user, ip);
  const token = await signIn(db, tokens, user, ip, { passkey: true });
  return { token, user: userToJson(user) };
}

/** Options for the second step: one of the person's own passkeys, the password being known. */
export async function secondStepOptions(
  { db, tokens, rp }: Omit<Context, 'ip'>,
  challenge: string,
) {
  const user = await userOfChallenge(db, tokens, challenge);
  const own = await db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  if (own.length === 0) throw badRequest(passkeyMessages.noPasskey);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: own,
    // The password was the thing known; the passkey is the thing held.
    userVerification: 'discouraged',
    timeout: CEREMONY_TIMEOUT_MS,
  });
  await saveChallenge(db, options.challenge, 'second-factor', user.id);
  return options;
}

export async function finishSecondStep(
  { db, tokens, rp, ip }: Context,
  input: PasskeyStep,
): Promise<AuthResponse> {
  const user = await userOfChallenge(db, tokens, input.challenge);
  const { response } = input;
  const taken = await takeAnsweredChallenge(db, response, 'second-factor');
  if (!taken || taken.userId !== user.id) throw unauthorized(passkeyMessages.expired);
  const passkey = await findByCredentialId(db, response.id);
  const answer = { response, challenge: taken.challenge, requireUserVerification: false };
  if (passkey?.userId !== user.id || !(await verifyAssertion(db, rp, passkey, answer))) {
    await failed(db, ip, user.id, 'Failed two-factor passkey');
    throw unauthorized(passkeyMessages.notVerified);
  }
  const token = await signIn(db, tokens, user, ip, { twoFactor: true, passkey: true });
  return { token, user: userToJson(user) };
}
