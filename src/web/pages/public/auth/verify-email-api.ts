import type { EmailVerified } from '#shared/email-verification.ts';
import { callApi } from '#web/lib/call-api.ts';
import { setStoredUser } from '#web/lib/session.ts';

// Opening a verification link from the page it leads to. The routes carry zod, which this
// public page loads only when it calls (docs/decisions/008-zod-lazy-on-public-pages.md).
// A link works once, so one page view sends it once, even if the page renders twice.

const sent = new Map<string, Promise<EmailVerified>>();

export function openEmailLink(token: string): Promise<EmailVerified> {
  let call = sent.get(token);
  if (!call) {
    call = import('#shared/api/email-verification.ts').then(({ emailVerificationApi }) =>
      callApi(emailVerificationApi.verify, { body: { token } }, { auth: false }),
    );
    // A failure that is not the link's (offline) may be tried again.
    call.catch(() => sent.delete(token));
    sent.set(token, call);
  }
  return call;
}

/** Reads the signed-in user again, so the portal's banner and the header follow at once. */
export async function refreshStoredUser() {
  const { authApi } = await import('#shared/api/auth.ts');
  const { user } = await callApi(authApi.verify);
  setStoredUser(user);
}
