import { brand } from '#shared/brand.ts';
import { Button, Layout, Paragraph, renderMail } from '../components/index.ts';

// The team invitation. The link carries the only copy of the token (the database keeps a
// hash): queued as sensitive.

export interface TeamInviteProps {
  /** Who invites: their name, or their address when they have no name. */
  inviter: string;
  /** The team: a company name, or "Ada's account". */
  team: string;
  role: 'admin' | 'member';
  link: string;
  /** When the link stops working, as the reader sees it. */
  expires: string;
}

export const teamInviteSubject = ({ inviter, team }: Pick<TeamInviteProps, 'inviter' | 'team'>) =>
  `${inviter} invited you to join ${team} on ${brand.name}`;

export function TeamInviteMail(props: TeamInviteProps) {
  const { inviter, team, role, link, expires } = props;
  return (
    <Layout
      subject={teamInviteSubject(props)}
      preheader={`Join ${team} on the ${brand.name} client portal.`}
      reason={`You get this e-mail because ${inviter} invited this address to a team on ${brand.name}.`}
    >
      <Paragraph>{`${inviter} invited you to join ${team} on the ${brand.name} client portal as ${role === 'admin' ? 'a team admin' : 'a team member'}.`}</Paragraph>
      <Button
        href={link}
        lead="Accept the invitation here (sign in, or create an account with this e-mail address):"
      >
        Accept the invitation
      </Button>
      <Paragraph>{`The link works until ${expires}. If you did not expect this invitation, ignore this e-mail.`}</Paragraph>
    </Layout>
  );
}

export const teamInviteMail = (props: TeamInviteProps) =>
  renderMail(teamInviteSubject(props), <TeamInviteMail {...props} />);
