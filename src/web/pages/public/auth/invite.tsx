import { Link } from 'react-router';
import { paths } from '#shared/paths.ts';
import { Alert } from '#web/components/alert.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { pageMeta } from '#web/lib/meta.ts';
import { useSession } from '#web/lib/session.ts';
import type { Route } from './+types/invite.ts';
import { AuthShell } from './auth-shell.tsx';
import { InviteActions } from './invite-actions.tsx';
import { roleName, teamName, useInvitePreview } from './invite-api.ts';
import { InviteDetails } from './invite-details.tsx';

// The page an invite e-mail links to (DESIGN §1 Teams): what the invitation is, then
// accept, sign in or sign up, or sign out when signed in as someone else.

export const meta = () => pageMeta('Team invitation', 'Join a team on the client portal.');

const footer = (
  <>
    Questions about this invitation? Ask the person who sent it, or{' '}
    <Link to={paths.contact} className="font-semibold text-brand-700 hover:underline">
      contact us
    </Link>
    .
  </>
);

export default function InvitePage({ params }: Route.ComponentProps) {
  const lookup = useInvitePreview(params.token);
  const session = useSession();

  if (lookup.state === 'ready') {
    const { preview } = lookup;
    return (
      <AuthShell
        title="You’re invited"
        subtitle={`${preview.inviterName} invited you to join ${teamName(preview)} as ${roleName(preview.role)}.`}
        footer={footer}
      >
        <div className="space-y-6">
          <InviteDetails preview={preview} />
          <InviteActions token={params.token} preview={preview} session={session} />
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell title="Team invitation" subtitle="Join a team on the client portal." footer={footer}>
      {lookup.state === 'failed' ? (
        <Alert title="This invitation cannot be used">
          <p>{lookup.message}</p>
        </Alert>
      ) : (
        <Spinner label="Loading the invitation…" />
      )}
    </AuthShell>
  );
}
