import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from '@simplewebauthn/browser';
import {
  type AuthenticationOptions,
  passkeyMessages,
  type RegistrationOptions,
} from '#shared/passkeys.ts';

// The browser's half of the passkey ceremonies (docs/decisions/020-passkeys.md), shared by
// Profile and the login page. The login page imports this module only when a passkey
// button is pressed, so the WebAuthn library stays out of its first download.

/** A ceremony that ended without an answer; its message says why in words. */
export class PasskeyError extends Error {
  override readonly name = 'PasskeyError';
}

export const passkeysSupported = () => browserSupportsWebAuthn();

function inWords(error: unknown): PasskeyError {
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
      return new PasskeyError(passkeyMessages.alreadyAdded);
    const cause = (error.cause as Error | undefined)?.name;
    if (error.code === 'ERROR_CEREMONY_ABORTED' || cause === 'NotAllowedError')
      return new PasskeyError(passkeyMessages.cancelled);
  }
  if (error instanceof Error && error.name === 'NotAllowedError')
    return new PasskeyError(passkeyMessages.cancelled);
  return new PasskeyError(passkeyMessages.browserFailed);
}

function supported() {
  if (!passkeysSupported()) throw new PasskeyError(passkeyMessages.unsupported);
}

/** Asks the device for a new passkey, as the server's options describe it. */
export async function createPasskey(optionsJSON: RegistrationOptions) {
  supported();
  try {
    return await startRegistration({ optionsJSON });
  } catch (error) {
    throw inWords(error);
  }
}

/** Asks the device to sign the server's challenge with one of its passkeys. */
export async function askForPasskey(optionsJSON: AuthenticationOptions) {
  supported();
  try {
    return await startAuthentication({ optionsJSON });
  } catch (error) {
    throw inWords(error);
  }
}
