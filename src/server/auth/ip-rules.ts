import type { ReadCache } from '#server/cache/read-cache.ts';
import type { Db } from '#server/db/client.ts';
import type { UserRow } from '#server/db/schema.ts';
import { type Account, resolveAccount } from '#server/domain/accounts/account.ts';
import { ipMatches, normaliseIp } from '#server/net/ip.ts';

// A client's allowed IPs (SPEC §3 security.allowedIps) bind their own sessions, and a
// team member working in the owner's account is held to the owner's list as well: the
// owner's rule is about who reaches the account, whoever signs in.

export type IpCheck = 'request' | 'sign-in';

const what = (check: IpCheck) => (check === 'sign-in' ? 'sign-ins' : 'requests');

/** The refusal message when `ip` may not use the account `user` works in, else null. */
export async function ipRefusal(
  db: Db,
  user: UserRow,
  ip: string,
  check: IpCheck,
  cache?: ReadCache,
): Promise<string | null> {
  const shown = normaliseIp(ip);
  if (user.allowedIps.length > 0 && !ipMatches(ip, user.allowedIps)) {
    return `Your account only accepts ${what(check)} from approved IP addresses, and ${shown} is not one of them. Ask your administrator to add it.`;
  }
  const account: Account = await resolveAccount(db, user, cache);
  const { owner } = account;
  if (owner.id !== user.id && owner.allowedIps.length > 0 && !ipMatches(ip, owner.allowedIps)) {
    return `Your team's account only accepts ${what(check)} from approved IP addresses, and ${shown} is not one of them. Ask the account owner to add it.`;
  }
  return null;
}
