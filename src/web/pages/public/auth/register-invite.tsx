import { Alert } from '#web/components/alert.tsx';
import { type InviteLookup, roleName, teamName } from './invite-api.ts';

// Above the sign-up form when it was opened from an invite: which team the new account
// joins, or why the link no longer works (the account can still be created on its own).

export function RegisterInviteNotice({ invite }: { invite: InviteLookup }) {
  if (invite.state === 'ready') {
    const { preview } = invite;
    return (
      <Alert tone="info" title={`Joining ${teamName(preview)}`}>
        <p>
          {preview.inviterName} invited you as {roleName(preview.role)}. Sign up with{' '}
          <strong className="break-all">{preview.inviteeEmail}</strong>, the address the invitation
          was sent to.
        </p>
      </Alert>
    );
  }
  if (invite.state === 'failed') {
    return (
      <Alert title="This invitation cannot be used">
        <p>{invite.message} You can still create an account of your own.</p>
      </Alert>
    );
  }
  return null;
}
