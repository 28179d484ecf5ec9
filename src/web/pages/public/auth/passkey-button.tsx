import { useState } from 'react';
import type { AuthResponse } from '#shared/user.ts';
import { Alert } from '#web/components/alert.tsx';
import { Button, type ButtonVariant } from '#web/components/button.tsx';
import { KeyIcon } from '#web/components/icons.tsx';
import { ApiError, UNREACHABLE } from '#web/lib/api.ts';

// One passkey ceremony of the login page behind a button: the calls and the WebAuthn
// library load when it is pressed (passkey-sign-in.ts), the device asks the person, and
// what went wrong is said under the button.

type Calls = typeof import('./passkey-sign-in.ts');

// Mirrors the server's "This sign-in has expired. Please enter your password again."
// without importing zod-bearing modules (decision 008).
const SIGN_IN_EXPIRED = /enter your password again/i;

const inWords = (error: unknown) =>
  error instanceof ApiError || (error instanceof Error && error.name === 'PasskeyError')
    ? error.message
    : UNREACHABLE;

export function PasskeyButton({
  label,
  run,
  onSignedIn,
  onRestart,
  variant = 'secondary',
}: {
  label: string;
  run: (calls: Calls) => Promise<AuthResponse>;
  onSignedIn: (session: AuthResponse) => void;
  /** Back to the password step when the password step's challenge has run out. */
  onRestart?: (message: string) => void;
  variant?: ButtonVariant;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await run(await import('./passkey-sign-in.ts')));
    } catch (failure) {
      const expired =
        failure instanceof ApiError &&
        failure.status === 401 &&
        SIGN_IN_EXPIRED.test(failure.message);
      if (expired && onRestart) onRestart(failure.message);
      else setError(inWords(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3">
      <Button variant={variant} size="lg" className="w-full" onClick={start} disabled={busy}>
        <KeyIcon />
        {busy ? 'Waiting for your passkey…' : label}
      </Button>
      {error ? <Alert>{error}</Alert> : null}
    </div>
  );
}

/** The line between two ways of signing in. */
export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-sm text-slate-600">
      <span className="h-px flex-1 bg-slate-200" />
      or
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
