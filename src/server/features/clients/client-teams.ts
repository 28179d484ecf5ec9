import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { teamMembers, users } from '#server/db/schema.ts';
import { searchWords } from '#server/db/search.ts';
import type { ClientTeam, ClientTeamMember } from '#shared/clients.ts';

// Team members work inside their owner's account and are billed with it, so the admin's
// client list shows them under the owner, not as clients of their own: the list's rows
// (and its keyset, and its count) are the accounts that are no one's member, and each
// owner's row carries its members. A search finds an owner by a member's name or e-mail
// too, so the member a search was for is still found.

// Written out in full: drizzle leaves a one-table query's columns unqualified, and inside
// these subqueries a bare "id" or "name" would be ambiguous.
const accountId = sql.raw('"users"."id"');
const memberName = sql.raw('"members"."name"');
const memberEmail = sql.raw('"members"."email"');

/** Accounts that are members of another account's team are not rows of the list. */
export const notTeamMember: SQL = sql`not exists (select 1 from team_members tm
  where tm.member_user_id = ${accountId})`;

/**
 * The account, or one of its team members, has every word of the search. One `in` over
 * the union of both id lists rather than `own or exists (…)`: each side then goes
 * through its trigram indexes, where an `or` made the planner test every account's
 * members one by one (190 ms at 10,000 accounts against 20 ms).
 */
export function matchesWithTeam(q: string | undefined, own: SQL | undefined): SQL | undefined {
  const words = searchWords(q, [memberName, memberEmail]);
  if (words.length === 0 || !own) return own;
  // Inside the first subquery "users" is its own table, so `own` reads that row.
  return sql`${accountId} in (
    select ${accountId} from users where ${own}
    union
    select tm.owner_user_id from team_members tm
      inner join users members on members.id = tm.member_user_id
      where ${and(...words)})`;
}

/** Who an account is, as a team lists it. */
const person = { _id: users.id, name: users.name, email: users.email };

/** The members of each owner on a page, oldest first, by owner id. */
export async function teamsOf(
  db: Db,
  ownerIds: string[],
): Promise<Map<string, ClientTeamMember[]>> {
  const teams = new Map<string, ClientTeamMember[]>();
  if (ownerIds.length === 0) return teams;
  const rows = await db
    .select({
      ownerId: teamMembers.ownerUserId,
      teamRole: teamMembers.role,
      ...person,
      verifiedAt: users.emailVerifiedAt,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.memberUserId))
    .where(inArray(teamMembers.ownerUserId, ownerIds))
    .orderBy(asc(teamMembers.createdAt), asc(teamMembers.id));
  for (const { ownerId, verifiedAt, ...member } of rows) {
    const team = teams.get(ownerId) ?? [];
    team.push({ ...member, emailVerified: verifiedAt !== null });
    teams.set(ownerId, team);
  }
  return teams;
}

/** The account's own team: the owner it is a member of, or its members when it owns one. */
export async function teamOfAccount(db: Db, accountId: string): Promise<ClientTeam> {
  const [owner] = await db
    .select({ ...person, teamRole: teamMembers.role })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.ownerUserId))
    .where(eq(teamMembers.memberUserId, accountId))
    .limit(1);
  if (owner) return { owner, members: [] };
  const teams = await teamsOf(db, [accountId]);
  return { owner: null, members: teams.get(accountId) ?? [] };
}
