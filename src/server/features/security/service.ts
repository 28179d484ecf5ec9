import { isIP } from 'node:net';
import type { Db } from '#server/db/client.ts';
import { audit } from '#server/domain/audit/audit.ts';
import {
  ADMIN_ALLOWED_IP,
  clearSetting,
  getSetting,
  setSetting,
} from '#server/domain/settings/app-settings.ts';
import { badRequest } from '#server/http/errors.ts';
import { normaliseIp } from '#server/net/ip.ts';
import { type SecurityState, securityMessages } from '#shared/security.ts';

// The admin IP lock (SPEC §2 Security): set, removed and read, each change audited as a
// warning. requireAdmin enforces it; ADMIN_IP_LOCK_RESET=true at start removes it
// (lock-reset.ts).

/** Who changes the lock, from where. */
export interface Acting {
  adminId: string;
  ip: string;
}

/** The caller's address as the server sees it, and the lock now in force. */
export const securityState = async (db: Db, callerIp: string): Promise<SecurityState> => ({
  ip: normaliseIp(callerIp),
  allowedIp: await getSetting<string>(db, ADMIN_ALLOWED_IP),
});

export async function lockAdminArea(db: Db, address: string, acting: Acting) {
  const ip = normaliseIp(address);
  if (!isIP(ip)) throw badRequest(securityMessages.invalid, { ip: securityMessages.invalid });
  await setSetting(db, ADMIN_ALLOWED_IP, ip, acting.adminId);
  await audit(db, {
    level: 'warning',
    source: 'security',
    message: `Admin area locked to ${ip}`,
    actorId: acting.adminId,
    ip: acting.ip,
  });
  return securityState(db, acting.ip);
}

export async function unlockAdminArea(db: Db, acting: Acting) {
  await clearSetting(db, ADMIN_ALLOWED_IP);
  await audit(db, {
    level: 'warning',
    source: 'security',
    message: 'Admin IP lock removed',
    actorId: acting.adminId,
    ip: acting.ip,
  });
  return securityState(db, acting.ip);
}
