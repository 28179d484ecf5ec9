import { passkeysApi } from '#shared/api/passkeys.ts';
import type { AuthResponse } from '#shared/user.ts';
import { callApi } from '#web/lib/call-api.ts';
import { askForPasskey } from '#web/lib/passkeys.ts';

// The login page's passkey calls, imported when a passkey button is pressed: with them
// come the WebAuthn library and the passkey routes (which carry zod), both of which the
// page's first download does without (decisions 005 and 008).

const publicCall = { auth: false } as const;

/** A sign-in with a passkey alone: the passkey the person picks names the account. */
export async function signInWithPasskey(): Promise<AuthResponse> {
  const options = await callApi(passkeysApi.signInOptions, {}, publicCall);
  const response = await askForPasskey(options);
  return callApi(passkeysApi.signIn, { body: { response } }, publicCall);
}

/** The step after a right password: one of the person's own passkeys instead of a code. */
export async function finishWithPasskey(challenge: string): Promise<AuthResponse> {
  const options = await callApi(passkeysApi.stepOptions, { body: { challenge } }, publicCall);
  const response = await askForPasskey(options);
  return callApi(passkeysApi.step, { body: { challenge, response } }, publicCall);
}
