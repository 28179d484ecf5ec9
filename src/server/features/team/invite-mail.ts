import type { UserRow } from '#server/db/schema.ts';
import { teamInviteMail } from '#server/domain/mail/messages/team-invite.tsx';
import type { QueuedMail } from '#server/domain/mail/outbox.ts';
import type { InviteRole } from '#shared/team.ts';
import { possessive } from '#shared/text.ts';

// The invite e-mail (domain/mail/messages/team-invite.tsx). The link carries the only copy
// of the token (the database keeps a hash), so it is written here and nowhere else.

export interface InviteMailInput {
  email: string;
  role: InviteRole;
  link: string;
  inviter: UserRow;
  owner: UserRow;
  expiresAt: Date;
}

export async function inviteMail(input: InviteMailInput): Promise<QueuedMail> {
  return {
    kind: 'team-invite',
    to: input.email,
    replyTo: input.inviter.email,
    ...(await teamInviteMail({
      inviter: input.inviter.name || input.inviter.email,
      team: input.owner.companyName ?? `${possessive(input.owner.name)} account`,
      role: input.role,
      link: input.link,
      expires: input.expiresAt.toUTCString(),
    })),
  };
}
