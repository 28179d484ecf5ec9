import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type ChallengePurpose, takeChallenge } from '#server/auth/webauthn-challenges.ts';
import type { Db } from '#server/db/client.ts';
import { type PasskeyRow, passkeys } from '#server/db/schema.ts';
import type { AuthenticationResponseSchema, Passkey } from '#shared/passkeys.ts';
import type { RelyingParty } from './relying-party.ts';

// What the ceremonies share: the challenge an answer was made for (taken, so it is used
// once), the stored passkey an answer names, and checking an answer against it.

type AuthenticationResponse = z.infer<typeof AuthenticationResponseSchema>;

export const passkeyToJson = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  synced: row.deviceType === 'multiDevice',
});

/**
 * Takes the challenge the browser signed (it is in clientDataJSON) if this server handed
 * it out for `purpose` and it has not expired; undefined otherwise.
 */
export async function takeAnsweredChallenge(
  db: Db,
  response: { response: { clientDataJSON: string } },
  purpose: ChallengePurpose,
) {
  let challenge: string;
  try {
    challenge = decodeClientDataJSON(response.response.clientDataJSON).challenge;
  } catch {
    return undefined;
  }
  if (typeof challenge !== 'string') return undefined;
  const taken = await takeChallenge(db, challenge, purpose);
  return taken && { challenge, userId: taken.userId };
}

export async function findByCredentialId(db: Db, credentialId: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

/**
 * Checks an answer against the stored passkey (origin, RP id, signature, user presence and,
 * when asked, verification; a counter that does not grow, as from a cloned authenticator,
 * fails) and records the use. False when anything is wrong.
 */
export async function verifyAssertion(
  db: Db,
  rp: RelyingParty,
  passkey: PasskeyRow,
  answer: { response: AuthenticationResponse; challenge: string; requireUserVerification: boolean },
): Promise<boolean> {
  const { response, challenge, requireUserVerification } = answer;
  // A discoverable credential says whose it is; it must be the stored owner.
  const handle = response.response.userHandle;
  if (handle && handle !== isoBase64URL.fromUTF8String(passkey.userId)) return false;
  let info: Awaited<ReturnType<typeof verifyAuthenticationResponse>>['authenticationInfo'];
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification,
    });
    if (!result.verified) return false;
    info = result.authenticationInfo;
  } catch {
    return false;
  }
  // Compare and set: of two answers carrying the same counter, only one passes.
  const [updated] = await db
    .update(passkeys)
    .set({ counter: info.newCounter, backedUp: info.credentialBackedUp, lastUsedAt: new Date() })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
    .returning({ id: passkeys.id });
  return updated !== undefined;
}
