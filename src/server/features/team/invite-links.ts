import type { Db } from '#server/db/client.ts';
import type { UserRow } from '#server/db/schema.ts';
import { acceptInvite, findLiveInvite, teamNameOf } from '#server/domain/accounts/team-invites.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { notFound } from '#server/http/errors.ts';
import { type InviteAccepted, type InvitePreview, teamMessages } from '#shared/team.ts';

// What an e-mailed invite link does: show who invites whom (public), and join the team
// (the invited address, signed in).

export async function previewInvite(db: Db, token: string): Promise<InvitePreview> {
  const live = await findLiveInvite(db, token);
  if (!live) throw notFound(teamMessages.linkInvalid);
  const { invite: row, owner } = live;
  const inviter = row.invitedBy ? await findUserById(db, row.invitedBy) : undefined;
  return {
    inviterName: inviter?.name ?? owner.name,
    ownerName: owner.name,
    companyName: owner.companyName,
    inviteeEmail: row.inviteeEmail,
    role: row.role,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Joins the team in one transaction: the membership and the invite's use together. */
export async function acceptInviteLink(
  db: Db,
  user: UserRow,
  token: string,
  ip: string,
): Promise<InviteAccepted> {
  const { invite: row, owner } = await db.transaction((tx) => acceptInvite(tx, user, token, ip));
  return {
    message: teamMessages.joined(teamNameOf(owner)),
    role: row.role,
    ownerName: owner.name,
    companyName: owner.companyName,
  };
}
