import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { and, asc, eq } from 'drizzle-orm';
import { saveChallenge } from '#server/auth/webauthn-challenges.ts';
import type { Db } from '#server/db/client.ts';
import { passkeys, type UserRow } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { badRequest, conflict, notFound } from '#server/http/errors.ts';
import { type AddPasskey, type Passkey, passkeyMessages } from '#shared/passkeys.ts';
import { passkeyToJson, takeAnsweredChallenge } from './credentials.ts';
import { CEREMONY_TIMEOUT_MS, type RelyingParty } from './relying-party.ts';

// A person's passkeys on Profile: add (a registration ceremony), list, rename, remove.
// Adding and removing are audited by name; the key material stays in its table.

/** A change to how the person signs in: by the passkey's name, never its key material. */
const auditChange = (
  db: Db,
  change: { user: UserRow; ip: string; message: string; name: string },
) =>
  audit(db, {
    level: 'warning',
    source: 'auth',
    message: change.message,
    userId: change.user.id,
    ip: change.ip,
    details: { name: change.name },
  });

export async function listPasskeys(db: Db, userId: string): Promise<Passkey[]> {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
  return rows.map(passkeyToJson);
}

/**
 * Options for navigator.credentials.create(): a discoverable credential (it names the
 * account, so signing in needs no e-mail) with the person verified, never one of the
 * authenticators already registered.
 */
export async function registrationOptions(db: Db, rp: RelyingParty, user: UserRow) {
  const existing = await db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    // The user handle the authenticator keeps and returns at sign-in: the account id.
    userID: isoUint8Array.fromUTF8String(user.id),
    userName: user.email,
    userDisplayName: user.name,
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing,
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await saveChallenge(db, options.challenge, 'register', user.id);
  return options;
}

export async function addPasskey(
  db: Db,
  rp: RelyingParty,
  user: UserRow,
  input: AddPasskey,
  ip: string,
): Promise<Passkey> {
  const taken = await takeAnsweredChallenge(db, input.response, 'register');
  if (!taken || taken.userId !== user.id) throw badRequest(passkeyMessages.expired);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>> | undefined;
  try {
    verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: taken.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch {
    verified = undefined;
  }
  if (!verified?.verified) throw badRequest(passkeyMessages.notVerified);
  const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
  const [row] = await db
    .insert(passkeys)
    .values({
      userId: user.id,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: input.response.response.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      name: input.name,
    })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  if (!row) throw conflict(passkeyMessages.alreadyAdded);
  await auditChange(db, { user, ip, message: 'Passkey added', name: row.name });
  return passkeyToJson(row);
}

const owned = (user: UserRow, id: string) => and(eq(passkeys.id, id), eq(passkeys.userId, user.id));

export async function renamePasskey(
  db: Db,
  user: UserRow,
  id: string,
  name: string,
): Promise<Passkey> {
  const [row] = await db.update(passkeys).set({ name }).where(owned(user, id)).returning();
  if (!row) throw notFound(passkeyMessages.notFound);
  return passkeyToJson(row);
}

export async function removePasskey(db: Db, user: UserRow, id: string, ip: string) {
  const [row] = await db.delete(passkeys).where(owned(user, id)).returning({ name: passkeys.name });
  if (!row) throw notFound(passkeyMessages.notFound);
  await auditChange(db, { user, ip, message: 'Passkey removed', name: row.name });
}
