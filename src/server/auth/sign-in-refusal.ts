import type { Db } from '#server/db/client.ts';
import type { UserRow } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { forbidden } from '#server/http/errors.ts';
import { privacyMessages } from '#shared/privacy.ts';
import { ipRefusal } from './ip-rules.ts';

// What refuses a sign-in whose credentials were right, however they were given (a
// password or a passkey): a closed account, or an address the allowed-IP rules would
// refuse on every later call. Each refusal is audited with its reason, and answered 403.

export async function refuseSignIn(db: Db, user: UserRow, ip: string): Promise<void> {
  if (user.closedAt) {
    await audit(db, {
      level: 'warning',
      source: 'auth',
      message: 'Sign-in refused: account closed',
      userId: user.id,
      ip,
    });
    throw forbidden(privacyMessages.accountClosed);
  }
  const refusal = await ipRefusal(db, user, ip, 'sign-in');
  if (refusal) {
    await audit(db, {
      level: 'warning',
      source: 'auth',
      message: 'Sign-in refused: address not allowed',
      userId: user.id,
      ip,
    });
    throw forbidden(refusal);
  }
}
