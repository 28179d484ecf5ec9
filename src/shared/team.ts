import { z } from 'zod';
import { EmailSchema } from './auth.ts';

// Teams (SPEC §2 Team, §3 Team member / Team invite, DESIGN §1 Teams). The owner is the
// client account itself; members and team admins act inside the owner's account.

export const inviteRoles = ['member', 'admin'] as const;
export const InviteRoleSchema = z.enum(inviteRoles);
export type InviteRole = z.infer<typeof InviteRoleSchema>;
export const DEFAULT_INVITE_ROLE: InviteRole = 'member';

export const teamRoles = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof teamRoles)[number];

export const inviteRoleOptions = [
  { value: 'member', label: 'Member' },
  { value: 'admin', label: 'Admin' },
] as const satisfies readonly { value: InviteRole; label: string }[];

/** How long an invite's accept link works. */
export const INVITE_TTL_DAYS = 7;

export const teamMessages = {
  notEnabled: 'Team management requires a Pro plan or higher.',
  ownerOrAdmin: 'Only the account owner or a team admin can manage invites and members.',
  schedulesNeedAdmin: 'Only the account owner or a team admin can manage schedules.',
  emailRequired: 'Enter an email address to invite.',
  role: 'Choose member or admin.',
  inviteSent: 'Invite sent.',
  inviteCreatedNoMail:
    'Invite created. E-mail is not set up on this server, so copy the invite link and send it yourself.',
  removed: 'Removed.',
  ownerNotRemovable: 'The account owner cannot be removed.',
  memberNotFound: 'Team member not found.',
  inviteNotFound: 'Invite not found.',
  inviteSelf: 'You are already on this team as its owner.',
  alreadyMember: 'This person is already a member of your team.',
  inOtherTeam: 'This person already belongs to another team. They must leave it first.',
  ownsTeam:
    'This person owns a team of their own. They must remove its members before joining another.',
  linkInvalid: 'This invitation is invalid or has expired. Ask for a new one.',
  wrongEmail: (email: string) =>
    `This invitation was sent to ${email}. Sign in or sign up with that address to accept it.`,
  youOwnATeam: 'You own a team of your own. Remove its members before joining another team.',
  youAreInATeam: 'You already belong to a team. Leave it before joining another.',
  teamUnavailable:
    'This team cannot take new members right now. Ask the person who invited you to check their plan.',
  impersonating: 'An invite cannot be accepted while testing as a client.',
  joined: (team: string) => `You joined ${team}.`,
} as const;

/** POST /api/team/invite. An empty email is refused here and never sent (SPEC §5). */
export const InviteSchema = z.object({
  email: z
    .string({ error: teamMessages.emailRequired })
    .trim()
    .min(1, teamMessages.emailRequired)
    .pipe(EmailSchema),
  role: z.enum(inviteRoles, { error: teamMessages.role }).default(DEFAULT_INVITE_ROLE),
});
export type InviteInput = z.input<typeof InviteSchema>;
export type Invite = z.output<typeof InviteSchema>;

export const TeamMemberSchema = z.object({
  _id: z.string(),
  role: z.enum(teamRoles),
  memberUserId: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  joinedAt: z.string().nullable(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const TeamInviteSchema = z.object({
  _id: z.string(),
  inviteeEmail: z.string(),
  role: InviteRoleSchema,
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type TeamInvite = z.infer<typeof TeamInviteSchema>;

/** POST /api/team/invite: the invite made, and a confirmation in words. */
export const InviteSentSchema = z.object({
  message: z.string(),
  invite: TeamInviteSchema,
  /** False when the server has no SMTP: nothing was e-mailed. */
  emailed: z.boolean(),
  /** Only without SMTP, for the inviter to pass on; it works once, for the invited address. */
  inviteLink: z.string().nullable(),
});
export type InviteSent = z.infer<typeof InviteSentSchema>;

/** GET /api/team/invites/{token}: what the public accept page shows. */
export const InvitePreviewSchema = z.object({
  /** Who sent the invite (the owner or a team admin). */
  inviterName: z.string(),
  /** The account owner whose team this is. */
  ownerName: z.string(),
  companyName: z.string().nullable(),
  inviteeEmail: z.string(),
  role: InviteRoleSchema,
  expiresAt: z.string(),
});
export type InvitePreview = z.infer<typeof InvitePreviewSchema>;

export const InviteAcceptedSchema = z.object({
  message: z.string(),
  role: InviteRoleSchema,
  ownerName: z.string(),
  companyName: z.string().nullable(),
});
export type InviteAccepted = z.infer<typeof InviteAcceptedSchema>;

export const InviteTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** The page an invite e-mail links to. */
export const invitePath = (token: string) => `/invite/${encodeURIComponent(token)}`;
