import { randomBytes } from 'node:crypto';
import { hashPassword } from '#server/auth/passwords.ts';
import type { Db } from '#server/db/client.ts';
import { countUsers, insertUser } from '#server/domain/users/repository.ts';

// On an empty database, create the first Admin (DESIGN §1): from ADMIN_EMAIL and
// ADMIN_PASSWORD when set, otherwise with a generated password printed once.

export interface FirstAdminResult {
  email: string;
  /** Set only when the password was generated here and must be shown once. */
  generatedPassword?: string;
}

export async function seedFirstAdmin(
  db: Db,
  admin: { email?: string; password?: string },
): Promise<FirstAdminResult | null> {
  if ((await countUsers(db)) > 0) return null;
  const email = (admin.email ?? 'admin@localhost.localdomain').toLowerCase();
  const generatedPassword = admin.password ? undefined : generatePassword();
  await insertUser(db, {
    name: 'Administrator',
    email,
    passwordHash: await hashPassword(admin.password ?? generatedPassword!),
    role: 'Admin',
    acceptedTos: true,
    billingStatus: 'active',
    subscriptionStatus: 'active',
    subscriptionPlan: 'Pro',
    // The operator chose this address in the configuration: nothing to prove by mail.
    emailVerifiedAt: new Date(),
  });
  return { email, generatedPassword };
}

/** 18 random bytes in base64url, plus a guaranteed upper, lower and digit. */
function generatePassword(): string {
  return `${randomBytes(18).toString('base64url')}Aa1`;
}
