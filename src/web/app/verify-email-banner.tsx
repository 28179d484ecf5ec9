import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { authApi } from '#shared/api/auth.ts';
import { emailVerificationApi } from '#shared/api/email-verification.ts';
import { Button } from '#web/components/button.tsx';
import { callApi } from '#web/lib/call-api.ts';
import { failureMessage } from '#web/lib/failure-text.ts';
import { useIsImpersonating } from '#web/lib/impersonation.ts';
import { setStoredUser, useSession } from '#web/lib/session.ts';

// Above every portal screen until the account's address is proved: the account works
// meanwhile, and the link can be sent again. The stored user is read again when the
// window regains focus, so a link opened in another tab or on a phone clears the banner.

const currentUserKey = ['current-user'] as const;

function useUnverifiedEmail(): string | null {
  const session = useSession();
  const user = session?.user;
  // An admin's address is the operator's own setting, not one a link needs to prove.
  const unverified = user?.emailVerified === false && user.role !== 'Admin';
  useQuery({
    queryKey: [...currentUserKey, session?.token ?? ''],
    queryFn: async ({ signal }) => {
      const { user: fresh } = await callApi(authApi.verify, {}, { signal });
      setStoredUser(fresh);
      return fresh.emailVerified;
    },
    enabled: unverified,
    refetchOnWindowFocus: true,
  });
  return unverified && user ? user.email : null;
}

export function VerifyEmailBanner() {
  const email = useUnverifiedEmail();
  const testing = useIsImpersonating();
  const titleId = useId();
  const [result, setResult] = useState<{ text: string; failed: boolean } | null>(null);
  const [sending, setSending] = useState(false);
  if (!email) return null;

  const resend = async () => {
    setSending(true);
    try {
      const { message } = await callApi(emailVerificationApi.resend);
      setResult({ text: message, failed: false });
    } catch (error) {
      setResult({ text: failureMessage(error), failed: true });
    } finally {
      setSending(false);
    }
  };

  return (
    <section
      aria-labelledby={titleId}
      className="mb-6 flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="min-w-0 space-y-1">
        <p id={titleId} className="font-semibold">
          {testing
            ? 'This client has not verified their e-mail address'
            : 'Please verify your e-mail address'}
        </p>
        <p>
          We sent a link to <strong className="font-semibold break-all">{email}</strong>.{' '}
          {testing
            ? 'Their account works meanwhile.'
            : 'Open it to confirm the address is yours; everything works meanwhile.'}
        </p>
        {result ? (
          <p
            role={result.failed ? 'alert' : 'status'}
            className={result.failed ? 'text-red-800' : ''}
          >
            {result.text}
          </p>
        ) : null}
      </div>
      {testing ? null : (
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0"
          onClick={resend}
          disabled={sending}
        >
          {sending ? 'Sending…' : 'Send the link again'}
        </Button>
      )}
    </section>
  );
}
