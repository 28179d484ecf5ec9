import type { AuthenticationOptions } from '#shared/passkeys.ts';
import type { AuthResponse } from '#shared/user.ts';
import { api } from '#web/lib/api.ts';
import { askForPasskey } from '#web/lib/passkeys.ts';

// The login page's passkey calls, imported when a passkey button is pressed: with them
// comes the WebAuthn library, which the page's first download does without (decision 005).

/** A sign-in with a passkey alone: the passkey the person picks names the account. */
export async function signInWithPasskey(): Promise<AuthResponse> {
  const options = await api.post<AuthenticationOptions>(
    '/api/auth/login/passkey/options',
    undefined,
    {
      auth: false,
    },
  );
  const response = await askForPasskey(options);
  return api.post<AuthResponse>('/api/auth/login/passkey', { response }, { auth: false });
}

/** The step after a right password: one of the person's own passkeys instead of a code. */
export async function finishWithPasskey(challenge: string): Promise<AuthResponse> {
  const options = await api.post<AuthenticationOptions>(
    '/api/auth/login/2fa/passkey/options',
    { challenge },
    { auth: false },
  );
  const response = await askForPasskey(options);
  return api.post<AuthResponse>(
    '/api/auth/login/2fa/passkey',
    { challenge, response },
    { auth: false },
  );
}
