import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '#shared/paths.ts';
import { type InvitePreview, invitePath, teamMessages } from '#shared/team.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button, ButtonLink } from '#web/components/button.tsx';
import { refreshAccount } from '#web/lib/account.ts';
import { clearSession, type Session } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';
import { acceptFailure, acceptInvite } from './invite-api.ts';

// What the visitor can do with a live invite, depending on who they are signed in as:
// nobody (sign in or sign up), the invited address (accept) or someone else (sign out).

export function InviteActions({
  token,
  preview,
  session,
}: {
  token: string;
  preview: InvitePreview;
  session: Session | null;
}) {
  if (!session) return <SignedOutActions token={token} />;
  if (session.user.email.toLowerCase() !== preview.inviteeEmail.toLowerCase()) {
    return <WrongAccount preview={preview} signedInAs={session.user.email} />;
  }
  return <AcceptAction token={token} />;
}

function SignedOutActions({ token }: { token: string }) {
  const here = invitePath(token);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        Sign in with the invited address to accept, or create an account with it.
      </p>
      <div className="flex flex-col gap-3">
        <ButtonLink
          to={`${paths.login}?next=${encodeURIComponent(here)}`}
          size="lg"
          className="w-full"
        >
          Sign in to accept
        </ButtonLink>
        <ButtonLink
          to={`${paths.register}?invite=${encodeURIComponent(token)}`}
          variant="secondary"
          size="lg"
          className="w-full"
        >
          Create an account
        </ButtonLink>
      </div>
    </div>
  );
}

function WrongAccount({ preview, signedInAs }: { preview: InvitePreview; signedInAs: string }) {
  return (
    <div className="space-y-4">
      <Alert tone="info" title={`You are signed in as ${signedInAs}.`}>
        <p>{teamMessages.wrongEmail(preview.inviteeEmail)}</p>
      </Alert>
      {/* Signing out keeps the visitor here, where the sign-in and sign-up choices appear. */}
      <Button variant="secondary" size="lg" className="w-full" onClick={clearSession}>
        Sign out
      </Button>
    </div>
  );
}

function AcceptAction({ token }: { token: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const accept = async () => {
    setBusy(true);
    setFailure(null);
    let message: string;
    try {
      message = (await acceptInvite(token)).message;
    } catch (error) {
      setFailure(acceptFailure(error));
      setBusy(false);
      return;
    }
    toast({ title: 'Welcome to the team', text: message, tone: 'success' });
    // From now on the portal works in the owner's account and plan. Should the reload
    // fail, the portal asks for the account again itself.
    await refreshAccount().catch(() => undefined);
    navigate(paths.clientProcesses);
  };

  return (
    <div className="space-y-4">
      {failure ? <Alert>{failure}</Alert> : null}
      <Button size="lg" className="w-full" onClick={accept} disabled={busy}>
        {busy ? 'Accepting…' : 'Accept invitation'}
      </Button>
    </div>
  );
}
