import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { emailVerificationMessages } from '#shared/email-verification-text.ts';
import { paths } from '#shared/paths.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button, ButtonLink } from '#web/components/button.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { ApiError, failureMessage } from '#web/lib/api.ts';
import { loginPathFor } from '#web/lib/login-next.ts';
import { pageMeta } from '#web/lib/meta.ts';
import { useSession } from '#web/lib/session.ts';
import { AuthShell } from './auth-shell.tsx';
import { openEmailLink, refreshStoredUser } from './verify-email-api.ts';

// The page a verification e-mail links to, signed in or not: the link itself is the
// proof. It says plainly what happened (verified, address changed, or why the link does
// not work) and where to go next.

export const meta = () =>
  pageMeta('Verify your e-mail address', 'Confirm the e-mail address of your account.');

type Result =
  | { state: 'working' }
  | { state: 'done'; title: string; message: string }
  | { state: 'refused'; message: string }
  | { state: 'failed'; message: string };

function useEmailLink(token: string): Result {
  const [result, setResult] = useState<Result>({ state: 'working' });
  useEffect(() => {
    let live = true;
    setResult({ state: 'working' });
    openEmailLink(token)
      .then(async ({ message, changed }) => {
        // Signed in on this browser: the banner and the header follow the new state.
        await refreshStoredUser().catch(() => undefined);
        const title = changed ? 'E-mail address changed' : 'E-mail address verified';
        if (live) setResult({ state: 'done', title, message });
      })
      .catch((error: unknown) => {
        if (!live) return;
        // The link's own answer (unknown, used, expired) against a failure to ask at all.
        const refused = error instanceof ApiError && [400, 404, 409].includes(error.status);
        setResult({ state: refused ? 'refused' : 'failed', message: failureMessage(error) });
      });
    return () => {
      live = false;
    };
  }, [token]);
  return result;
}

export default function VerifyEmailPage() {
  const { token = '' } = useParams();
  // A new attempt mounts the result afresh, which asks again.
  const [attempt, setAttempt] = useState(0);
  return (
    <AuthShell
      title="Your e-mail address"
      subtitle="We check the link from your e-mail."
      footer={
        <>
          Something not right?{' '}
          <Link to={paths.contact} className="font-semibold text-brand-700 hover:underline">
            Contact us
          </Link>
          .
        </>
      }
    >
      <LinkResult key={attempt} token={token} onRetry={() => setAttempt((n) => n + 1)} />
    </AuthShell>
  );
}

function LinkResult({ token, onRetry }: { token: string; onRetry: () => void }) {
  const result = useEmailLink(token);
  const signedIn = useSession() !== null;
  const onward = signedIn ? (
    <ButtonLink to={paths.client} size="lg" className="w-full">
      Go to your portal
    </ButtonLink>
  ) : (
    <ButtonLink to={loginPathFor(paths.client)} size="lg" className="w-full">
      Sign in
    </ButtonLink>
  );
  if (result.state === 'working') return <Spinner label="Checking the link…" />;
  if (result.state === 'done') {
    return (
      <div className="space-y-5">
        <Alert tone="success" title={result.title}>
          {result.message}
        </Alert>
        {onward}
      </div>
    );
  }
  if (result.state === 'refused') {
    return (
      <div className="space-y-5">
        <Alert title="This link cannot be used">
          <p>{result.message}</p>
          {/* A used link has proved the address already: nothing new to ask for. */}
          {result.message === emailVerificationMessages.used ? null : (
            <p className="mt-2">
              {signedIn
                ? 'Your portal can send a new link to your address, and Profile can ask again for a new address.'
                : 'Sign in, and your portal can send a new link.'}
            </p>
          )}
        </Alert>
        {onward}
      </div>
    );
  }
  return (
    <div className="space-y-5">
      <Alert title="The link could not be checked">{result.message}</Alert>
      <Button size="lg" className="w-full" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
