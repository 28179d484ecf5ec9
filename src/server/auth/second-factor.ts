import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { passkeys, type UserRow } from '#server/db/schema.ts';
import type { SecondFactor } from '#shared/user.ts';

// What counts as a second factor (docs/decisions/020-passkeys.md): a TOTP app, or a
// passkey. Either one meets ADMIN_REQUIRE_2FA; a password sign-in then asks for one.

export async function hasPasskey(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** Whether ADMIN_REQUIRE_2FA (when on) binds this account. */
export const mustUseTwoFactor = (user: UserRow, adminRequire2fa: boolean) =>
  adminRequire2fa && user.role === 'Admin';

/** True when the account has a second factor set up: a TOTP app or a passkey. */
export async function hasSecondFactor(db: Db, user: UserRow): Promise<boolean> {
  return user.totpEnabled || (await hasPasskey(db, user.id));
}

/**
 * The second factors that must follow a right password, none when the password alone
 * signs in. Two-factor on (TOTP) asks for one, and a passkey answers as well as a code.
 * A person who must use two factors and has only a passkey is asked for it: otherwise the
 * passkey that meets the rule would never be asked for.
 */
export async function secondFactorsFor(
  db: Db,
  user: UserRow,
  adminRequire2fa: boolean,
): Promise<SecondFactor[]> {
  const passkey = await hasPasskey(db, user.id);
  const asked = user.totpEnabled || (passkey && mustUseTwoFactor(user, adminRequire2fa));
  if (!asked) return [];
  const factors: SecondFactor[] = [];
  if (user.totpEnabled) factors.push('totp');
  if (passkey) factors.push('passkey');
  return factors;
}
