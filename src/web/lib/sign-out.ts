import { getSavedImpersonation } from './impersonation.ts';
import { clearSession, getToken } from './session.ts';

/**
 * Logout (SPEC §4): the token and user go at once, and the server ends the session so
 * the token is refused from then on. While testing as a client, the admin's own session
 * kept aside ends too: nobody at this browser can bring it back.
 */
export function signOut() {
  const tokens = new Set([getToken(), getSavedImpersonation()?.admin.token]);
  clearSession();
  for (const token of tokens) {
    if (!token) continue;
    endSession(token).catch(() => {
      // Offline or already ended: this browser has forgotten the session either way.
    });
  }
}

/**
 * Every public page's header can sign out, and the route table carries zod, which those
 * pages keep out of their first download (docs/decisions/008-zod-lazy-on-public-pages.md):
 * the call and its route load when someone signs out.
 */
async function endSession(token: string) {
  const [{ authApi }, { callApi }] = await Promise.all([
    import('#shared/api/auth.ts'),
    import('./call-api.ts'),
  ]);
  await callApi(authApi.logout, {}, { token, keepalive: true });
}
