import { teamMembers } from '#server/db/schema.ts';
import type { InviteRole } from '#shared/team.ts';
import type { TestContext } from './test-app.ts';

// Factories for team tests: a member put straight into an owner's team.

export async function addTeamMember(
  t: TestContext,
  ownerUserId: string,
  role: InviteRole = 'member',
) {
  const member = await t.createUser();
  const [row] = await t.deps.database.db
    .insert(teamMembers)
    .values({ ownerUserId, memberUserId: member.user.id, role })
    .returning();
  if (!row) throw new Error('no team member');
  return { ...member, membership: row };
}
