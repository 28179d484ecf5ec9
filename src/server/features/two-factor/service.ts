import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { hasPasskey, mustUseTwoFactor } from '#server/auth/second-factor.ts';
import type { Db } from '#server/db/client.ts';
import { type UserRow, users } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { badRequest, conflict } from '#server/http/errors.ts';
import { brand } from '#shared/brand.ts';
import { type TwoFactorStatus, twoFactorMessages } from '#shared/two-factor.ts';

// TOTP two-factor sign-in (RFC 6238: 6 digits, 30 s, SHA-1, as authenticator apps
// expect) with ten one-time recovery codes stored only as SHA-256 hashes.

const RECOVERY_CODES = 10;

const totpFor = (user: UserRow, secret: string) =>
  new TOTP({ issuer: brand.shortName, label: user.email, secret: Secret.fromBase32(secret) });

const hashCode = (code: string) =>
  createHash('sha256').update(code.replaceAll('-', '').toLowerCase()).digest('hex');

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const raw = randomBytes(5).toString('hex');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

/** Whether it is on, and whether this account must turn it on before the admin area opens. */
export async function twoFactorStatus(
  db: Db,
  user: UserRow,
  adminRequire2fa: boolean,
): Promise<TwoFactorStatus> {
  return {
    enabled: user.totpEnabled,
    recoveryCodesLeft: user.recoveryCodeHashes.length,
    // Mirrors requireAdmin, so the admin area can say why it stays shut; a passkey meets
    // the rule as well (docs/decisions/020-passkeys.md).
    required: mustUseTwoFactor(user, adminRequire2fa) && !(await hasPasskey(db, user.id)),
  };
}

export async function beginSetup(db: Db, user: UserRow) {
  if (user.totpEnabled) throw conflict(twoFactorMessages.alreadyOn);
  const secret = new Secret({ size: 20 }).base32;
  await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, user.id));
  const uri = totpFor(user, secret).toString();
  return { secret, otpauthUrl: uri, qrSvg: await QRCode.toString(uri, { type: 'svg', margin: 1 }) };
}

const validCode = (user: UserRow, secret: string | null, code: string) =>
  !!secret &&
  totpFor(user, secret).validate({ token: code.replace(/\s/g, ''), window: 1 }) !== null;

export async function enable(db: Db, user: UserRow, code: string) {
  if (user.totpEnabled) throw conflict(twoFactorMessages.alreadyOn);
  if (!validCode(user, user.totpPendingSecret, code)) {
    throw badRequest(twoFactorMessages.wrongCode, { code: twoFactorMessages.wrongCode });
  }
  const codes = newRecoveryCodes();
  await db
    .update(users)
    .set({
      totpSecret: user.totpPendingSecret,
      totpPendingSecret: null,
      totpEnabled: true,
      recoveryCodeHashes: codes.map(hashCode),
    })
    .where(eq(users.id, user.id));
  await audit(db, {
    level: 'warning',
    source: 'auth',
    message: 'Two-factor sign-in turned on',
    userId: user.id,
  });
  return codes;
}

/** True when `code` is a current TOTP code or an unused recovery code (which is spent). */
export async function verifySecondFactor(db: Db, user: UserRow, code: string): Promise<boolean> {
  if (!user.totpEnabled) return false;
  if (/^\d{6}$/.test(code.replace(/\s/g, ''))) return validCode(user, user.totpSecret, code);
  const hash = hashCode(code.trim());
  if (!user.recoveryCodeHashes.includes(hash)) return false;
  await db
    .update(users)
    .set({ recoveryCodeHashes: user.recoveryCodeHashes.filter((h) => h !== hash) })
    .where(eq(users.id, user.id));
  await audit(db, {
    level: 'warning',
    source: 'auth',
    message: 'Recovery code used to sign in',
    userId: user.id,
  });
  return true;
}

export async function disable(db: Db, user: UserRow, code: string) {
  if (!user.totpEnabled) return;
  if (!(await verifySecondFactor(db, user, code))) {
    throw badRequest(twoFactorMessages.wrongCode, { code: twoFactorMessages.wrongCode });
  }
  await db
    .update(users)
    .set({ totpSecret: null, totpPendingSecret: null, totpEnabled: false, recoveryCodeHashes: [] })
    .where(eq(users.id, user.id));
  await audit(db, {
    level: 'warning',
    source: 'auth',
    message: 'Two-factor sign-in turned off',
    userId: user.id,
  });
}
