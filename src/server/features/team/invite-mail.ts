import type { UserRow } from '#server/db/schema.ts';
import type { QueuedMail } from '#server/domain/mail/outbox.ts';
import { brand } from '#shared/brand.ts';
import type { InviteRole } from '#shared/team.ts';
import { possessive } from '#shared/text.ts';

// The invite e-mail. The link carries the only copy of the token (the database keeps a
// hash), so it is written here and nowhere else.

export interface InviteMailInput {
  email: string;
  role: InviteRole;
  link: string;
  inviter: UserRow;
  owner: UserRow;
  expiresAt: Date;
}

export function inviteMail(input: InviteMailInput): QueuedMail {
  const team = input.owner.companyName ?? `${possessive(input.owner.name)} account`;
  const inviter = input.inviter.name || input.inviter.email;
  const expires = input.expiresAt.toUTCString();
  return {
    kind: 'team-invite',
    to: input.email,
    replyTo: input.inviter.email,
    subject: `${inviter} invited you to join ${team} on ${brand.name}`,
    text: [
      `${inviter} invited you to join ${team} on the ${brand.name} client portal as ${input.role === 'admin' ? 'a team admin' : 'a team member'}.`,
      '',
      'Accept the invitation here (sign in, or create an account with this e-mail address):',
      input.link,
      '',
      `The link works until ${expires}. If you did not expect this invitation, ignore this e-mail.`,
      '',
    ].join('\n'),
  };
}
