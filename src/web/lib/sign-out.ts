import { api } from './api.ts';
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
    api.post('/api/auth/logout', undefined, { token, keepalive: true }).catch(() => {
      // Offline or already ended: this browser has forgotten the session either way.
    });
  }
}
