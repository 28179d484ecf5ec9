import type { Db } from '#server/db/client.ts';
import { audit } from '#server/domain/audit/audit.ts';
import {
  ADMIN_ALLOWED_IP,
  clearSetting,
  getSetting,
} from '#server/domain/settings/app-settings.ts';

// The recovery path for an admin locked out by the admin IP lock (README, Operations):
// start once with ADMIN_IP_LOCK_RESET=true and the lock is gone.

/** Removes the admin IP lock when asked to at start; says whether there was one. */
export async function resetAdminIpLockOnStart(db: Db, reset: boolean): Promise<boolean> {
  if (!reset) return false;
  const lockedTo = await getSetting<string>(db, ADMIN_ALLOWED_IP);
  if (!lockedTo) return false;
  await clearSetting(db, ADMIN_ALLOWED_IP);
  await audit(db, {
    level: 'warning',
    source: 'security',
    message: `Admin IP lock to ${lockedTo} removed at start (ADMIN_IP_LOCK_RESET)`,
  });
  return true;
}
