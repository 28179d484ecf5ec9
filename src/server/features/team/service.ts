import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import { newOneTimeToken } from '#server/auth/one-time-token.ts';
import type { Db } from '#server/db/client.ts';
import { teamInvites, teamMembers, users } from '#server/db/schema.ts';
import {
  type Account,
  accountCapabilities,
  canManageAccount,
} from '#server/domain/accounts/account.ts';
import { joinBlocker } from '#server/domain/accounts/team-invites.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { queueMail } from '#server/domain/mail/outbox.ts';
import { findUserByEmail } from '#server/domain/users/repository.ts';
import { conflict, forbidden, notFound } from '#server/http/errors.ts';
import type { Invite, TeamInvite, TeamMember } from '#shared/team.ts';
import { INVITE_TTL_DAYS, invitePath, teamMessages } from '#shared/team.ts';
import { inviteMail } from './invite-mail.ts';

// The team of an account (DESIGN §1 Teams): everyone in it may look; the owner and team
// admins invite and remove; the owner is never removed. The Team page needs the owner's
// team seats (Pro or the team entitlement).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Acting {
  /** The signed-in user, or the admin behind an impersonation token. */
  actorId: string;
  ip: string | null;
}

export function assertTeamSeats(account: Account) {
  if (!accountCapabilities(account).hasTeamSeats) throw forbidden(teamMessages.notEnabled);
}

function assertManager(account: Account) {
  if (!canManageAccount(account)) throw forbidden(teamMessages.ownerOrAdmin);
}

export async function listMembers(db: Db, account: Account): Promise<TeamMember[]> {
  const { owner } = account;
  const rows = await db
    .select({ member: teamMembers, user: users })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.memberUserId))
    .where(eq(teamMembers.ownerUserId, owner.id))
    .orderBy(asc(teamMembers.createdAt));
  const ownerRow: TeamMember = {
    _id: owner.id,
    role: 'owner',
    memberUserId: { _id: owner.id, name: owner.name, email: owner.email },
    joinedAt: null,
  };
  return [
    ownerRow,
    ...rows.map(({ member, user }) => ({
      _id: member.id,
      role: member.role,
      memberUserId: { _id: user.id, name: user.name, email: user.email },
      joinedAt: member.createdAt.toISOString(),
    })),
  ];
}

const inviteToJson = (row: typeof teamInvites.$inferSelect): TeamInvite => ({
  _id: row.id,
  inviteeEmail: row.inviteeEmail,
  role: row.role,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

export async function listInvites(db: Db, account: Account, now = new Date()) {
  assertManager(account);
  const rows = await db
    .select()
    .from(teamInvites)
    .where(
      and(
        eq(teamInvites.ownerUserId, account.owner.id),
        isNull(teamInvites.acceptedAt),
        gt(teamInvites.expiresAt, now),
      ),
    )
    .orderBy(asc(teamInvites.createdAt));
  return rows.map(inviteToJson);
}

/** Refuses an address that cannot join: already here, in another team, or owning one. */
async function assertInvitable(db: Db, account: Account, email: string) {
  if (email === account.owner.email) {
    throw conflict(teamMessages.alreadyMember, { email: teamMessages.alreadyMember });
  }
  const existing = await findUserByEmail(db, email);
  if (!existing) return;
  const blocker = await joinBlocker(db, existing.id);
  if (blocker === 'in-team') {
    const [here] = await db
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .where(
        and(
          eq(teamMembers.memberUserId, existing.id),
          eq(teamMembers.ownerUserId, account.owner.id),
        ),
      );
    throw conflict(here ? teamMessages.alreadyMember : teamMessages.inOtherTeam, {
      email: here ? teamMessages.alreadyMember : teamMessages.inOtherTeam,
    });
  }
  if (blocker === 'owns-team')
    throw conflict(teamMessages.ownsTeam, { email: teamMessages.ownsTeam });
}

export async function invite(
  db: Db,
  account: Account,
  input: Invite,
  acting: Acting & { publicUrl: string },
  now = new Date(),
): Promise<{ invite: TeamInvite; link: string }> {
  assertManager(account);
  await assertInvitable(db, account, input.email);
  const { token, hash } = newOneTimeToken();
  const link = `${acting.publicUrl}${invitePath(token)}`;
  const row = await db.transaction(async (tx) => {
    // Inviting the same address again replaces the pending invite: one live link each.
    await tx
      .delete(teamInvites)
      .where(
        and(
          eq(teamInvites.ownerUserId, account.owner.id),
          eq(teamInvites.inviteeEmail, input.email),
          isNull(teamInvites.acceptedAt),
        ),
      );
    const [inserted] = await tx
      .insert(teamInvites)
      .values({
        ownerUserId: account.owner.id,
        inviteeEmail: input.email,
        role: input.role,
        tokenHash: hash,
        invitedBy: account.actor.id,
        expiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * 86_400_000),
      })
      .returning();
    if (!inserted) throw new Error('invite insert returned no row');
    await queueMail(tx, {
      ...(await inviteMail({
        email: input.email,
        role: input.role,
        link,
        inviter: account.actor,
        owner: account.owner,
        expiresAt: inserted.expiresAt,
      })),
      sensitive: true,
    });
    await audit(tx, {
      source: 'team',
      message: `Invited ${input.email} as ${input.role}`,
      userId: account.owner.id,
      actorId: acting.actorId,
      ip: acting.ip,
      details: { inviteId: inserted.id, inviteeEmail: input.email, role: input.role },
    });
    return inserted;
  });
  return { invite: inviteToJson(row), link };
}

export async function revokeInvite(db: Db, account: Account, id: string, acting: Acting) {
  assertManager(account);
  const [row] = UUID.test(id)
    ? await db
        .delete(teamInvites)
        .where(
          and(
            eq(teamInvites.id, id),
            eq(teamInvites.ownerUserId, account.owner.id),
            isNull(teamInvites.acceptedAt),
          ),
        )
        .returning()
    : [];
  if (!row) throw notFound(teamMessages.inviteNotFound);
  await audit(db, {
    source: 'team',
    message: `Invite for ${row.inviteeEmail} revoked`,
    userId: account.owner.id,
    actorId: acting.actorId,
    ip: acting.ip,
    details: { inviteId: row.id },
  });
}

/**
 * Removes a member by their membership id (or user id). Owners and team admins remove
 * anyone but the owner (409); a member may remove only themselves, i.e. leave.
 */
export async function removeMember(db: Db, account: Account, id: string, acting: Acting) {
  if (id === account.owner.id) {
    throw canManageAccount(account)
      ? conflict(teamMessages.ownerNotRemovable)
      : forbidden(teamMessages.ownerOrAdmin);
  }
  const [target] = UUID.test(id)
    ? await db
        .select({ member: teamMembers, email: users.email })
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.memberUserId))
        .where(
          and(
            eq(teamMembers.ownerUserId, account.owner.id),
            or(eq(teamMembers.id, id), eq(teamMembers.memberUserId, id)),
          ),
        )
    : [];
  const leaving = target?.member.memberUserId === account.actor.id;
  if (!leaving) assertManager(account);
  if (!target) throw notFound(teamMessages.memberNotFound);
  await db.delete(teamMembers).where(eq(teamMembers.id, target.member.id));
  await audit(db, {
    source: 'team',
    message: leaving ? `${target.email} left the team` : `${target.email} removed from the team`,
    userId: account.owner.id,
    actorId: acting.actorId,
    ip: acting.ip,
    details: { memberUserId: target.member.memberUserId, role: target.member.role },
  });
}
