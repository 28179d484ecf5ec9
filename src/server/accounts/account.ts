import type { Db } from '#server/db/client.ts';
import type { UserRow } from '#server/db/schema.ts';
import { capabilitiesOf } from '#shared/plans.ts';

// The client account a signed-in user works in. Processes, schedules, the plan and the
// subscription belong to the account's owner; a team member acts inside the owner's
// account with a team role.

export type TeamRole = 'owner' | 'admin' | 'member';

export interface Account {
  owner: UserRow;
  actor: UserRow;
  teamRole: TeamRole;
}

export async function resolveAccount(_db: Db, user: UserRow): Promise<Account> {
  return { owner: user, actor: user, teamRole: 'owner' };
}

/** Capabilities of an account come from its owner's plan and entitlements. */
export const accountCapabilities = (account: Account) =>
  capabilitiesOf({
    subscription: { plan: account.owner.subscriptionPlan },
    entitlements: account.owner.entitlements,
  });
