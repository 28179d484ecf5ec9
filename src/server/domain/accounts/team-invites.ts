import { and, count, eq, gt, isNull } from 'drizzle-orm';
import { hashOneTimeToken, looksLikeOneTimeToken } from '#server/auth/one-time-token.ts';
import type { Db } from '#server/db/client.ts';
import { teamInvites, teamMembers, type UserRow, users } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { DomainError } from '#server/domain/errors.ts';
import { markEmailVerified } from '#server/domain/users/email-verification.ts';
import { ownerCapabilities } from '#shared/plans.ts';
import { teamMessages } from '#shared/team.ts';
import { possessive } from '#shared/text.ts';

// Accepting a team invite. Shared by the team feature (a signed-in user accepts) and by
// sign-up (registering with an invite token joins the team), so it lives with accounts.

export type InviteRow = typeof teamInvites.$inferSelect;
export interface LiveInvite {
  invite: InviteRow;
  owner: UserRow;
}

/** The invite behind a link's token, if it is still pending and not expired. */
export async function findLiveInvite(
  db: Db,
  token: string,
  now = new Date(),
): Promise<LiveInvite | undefined> {
  if (!looksLikeOneTimeToken(token)) return undefined;
  const [row] = await db
    .select({ invite: teamInvites, owner: users })
    .from(teamInvites)
    .innerJoin(users, eq(users.id, teamInvites.ownerUserId))
    .where(
      and(
        eq(teamInvites.tokenHash, hashOneTimeToken(token)),
        isNull(teamInvites.acceptedAt),
        gt(teamInvites.expiresAt, now),
      ),
    );
  return row;
}

export const teamNameOf = (owner: UserRow) =>
  owner.companyName ? `the ${owner.companyName} team` : `${possessive(owner.name)} team`;

export async function countMembers(db: Db, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(teamMembers)
    .where(eq(teamMembers.ownerUserId, ownerId));
  return row?.n ?? 0;
}

/** Why `user` cannot join another team right now, or null when they can. */
export async function joinBlocker(db: Db, userId: string): Promise<'in-team' | 'owns-team' | null> {
  const [membership] = await db
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(eq(teamMembers.memberUserId, userId));
  if (membership) return 'in-team';
  return (await countMembers(db, userId)) > 0 ? 'owns-team' : null;
}

/**
 * Makes `user` a member of the invite's team with the invite's role. Throws not-found for
 * an unknown, used or expired link, forbidden when the link was sent to another address,
 * conflict when the user is already in a team or owns one. Call inside a transaction when
 * it must be undone together with something else (sign-up).
 */
export async function acceptInvite(
  db: Db,
  user: UserRow,
  token: string,
  ip: string | null,
  now = new Date(),
): Promise<LiveInvite> {
  const live = await findLiveInvite(db, token, now);
  if (!live) throw new DomainError('not-found', teamMessages.linkInvalid);
  const { invite, owner } = live;
  if (invite.inviteeEmail !== user.email.toLowerCase()) {
    throw new DomainError('forbidden', teamMessages.wrongEmail(invite.inviteeEmail));
  }
  if (owner.id === user.id) throw new DomainError('conflict', teamMessages.inviteSelf);
  const blocker = await joinBlocker(db, user.id);
  if (blocker === 'in-team') throw new DomainError('conflict', teamMessages.youAreInATeam);
  if (blocker === 'owns-team') throw new DomainError('conflict', teamMessages.youOwnATeam);
  if (!ownerCapabilities(owner).hasTeamSeats)
    throw new DomainError('forbidden', teamMessages.teamUnavailable);

  // The conditional update makes a link single-use even when two tabs accept at once.
  const [claimed] = await db
    .update(teamInvites)
    .set({ acceptedAt: now })
    .where(
      and(
        eq(teamInvites.id, invite.id),
        isNull(teamInvites.acceptedAt),
        gt(teamInvites.expiresAt, now),
      ),
    )
    .returning({ id: teamInvites.id });
  if (!claimed) throw new DomainError('not-found', teamMessages.linkInvalid);
  const inserted = await db
    .insert(teamMembers)
    .values({ ownerUserId: owner.id, memberUserId: user.id, role: invite.role })
    .onConflictDoNothing({ target: teamMembers.memberUserId })
    .returning({ id: teamMembers.id });
  if (inserted.length === 0) throw new DomainError('conflict', teamMessages.youAreInATeam);
  // The invitation was mailed to this address and accepted with it: the address is proved.
  await markEmailVerified(db, user.id, now);
  await audit(db, {
    source: 'team',
    message: `${user.email} joined the team as ${invite.role}`,
    userId: owner.id,
    actorId: user.id,
    ip,
    details: { inviteId: invite.id, memberUserId: user.id, role: invite.role },
  });
  return live;
}
