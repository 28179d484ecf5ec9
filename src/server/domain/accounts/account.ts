import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReadCache } from '#server/cache/read-cache.ts';
import type { Db } from '#server/db/client.ts';
import { teamMembers, type UserRow, users } from '#server/db/schema.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { ownerCapabilities } from '#shared/plans.ts';
import type { TeamRole } from '#shared/team.ts';

// The client account a signed-in user works in. Processes, schedules, the plan and the
// subscription belong to the account's owner; a team member acts inside the owner's
// account with a team role.

export type { TeamRole };

export interface Account {
  owner: UserRow;
  actor: UserRow;
  teamRole: TeamRole;
}

const owners = alias(users, 'owners');

/**
 * The account `user` works in. With the read cache (hot read paths) the membership and
 * the owner come from memory when nothing changed since they were read.
 */
export async function resolveAccount(db: Db, user: UserRow, cache?: ReadCache): Promise<Account> {
  if (!cache) return lookUpAccount(db, user);
  const membership = await cache.membership(user.id, async () => {
    const account = await lookUpAccount(db, user);
    return { ownerId: account.owner.id, role: account.teamRole };
  });
  if (membership.ownerId === user.id) return { owner: user, actor: user, teamRole: 'owner' };
  const owner = await cache.user(membership.ownerId, () => findUserById(db, membership.ownerId));
  // The owner's account is gone (deleted meanwhile): the user works alone.
  if (!owner) return { owner: user, actor: user, teamRole: 'owner' };
  return { owner, actor: user, teamRole: membership.role };
}

async function lookUpAccount(db: Db, user: UserRow): Promise<Account> {
  // One indexed look-up (team_members_member_unique): a user is in at most one team.
  const [membership] = await db
    .select({ role: teamMembers.role, owner: owners })
    .from(teamMembers)
    .innerJoin(owners, eq(owners.id, teamMembers.ownerUserId))
    .where(eq(teamMembers.memberUserId, user.id));
  if (!membership) return { owner: user, actor: user, teamRole: 'owner' };
  return { owner: membership.owner, actor: user, teamRole: membership.role };
}

/** Owners and team admins run the account; plain members use it. */
export const canManageAccount = (account: Account) => account.teamRole !== 'member';

/** Capabilities of an account come from its owner's plan and entitlements. */
export const accountCapabilities = (account: Account) => ownerCapabilities(account.owner);
