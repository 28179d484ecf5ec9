import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import { teamMembers, type UserRow, users } from '#server/db/schema.ts';
import { capabilitiesOf } from '#shared/plans.ts';
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

export async function resolveAccount(db: Db, user: UserRow): Promise<Account> {
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
export const accountCapabilities = (account: Account) =>
  capabilitiesOf({
    subscription: { plan: account.owner.subscriptionPlan },
    entitlements: account.owner.entitlements,
  });
