import { redirect, replace } from 'react-router';
import { authApi } from '#shared/api/auth.ts';
import { loginPathFor, paths } from '#shared/paths.ts';
import { callApi } from '#web/lib/call-api.ts';
import { isHandoverFromThisAdmin } from '#web/lib/impersonation.ts';
import { getStoredUser, getToken, setSession } from '#web/lib/session.ts';

// Route guards, run as clientLoaders of the portal and admin layouts so nothing renders
// before they decide (SPEC §2). They are a convenience: the API enforces access itself.

/**
 * Adopts the token an admin handed over in `?impersonate=` (SPEC §4). The previous user
 * record belongs to another account, so it is dropped until verify answers; a failed
 * verify is ignored (SPEC §8) and a 401 clears the session through the api client. Only
 * the test session this browser's admin started is adopted (isHandoverFromThisAdmin).
 */
async function adoptImpersonationToken(token: string) {
  setSession({ token, user: null });
  try {
    const { user } = await callApi(authApi.verify);
    setSession({ token, user });
  } catch {
    // Ignored on purpose: the next guard run sends the visitor to /login if no token is left.
  }
}

/** The sign-in page that brings the visitor back to the address asked for. */
function signInAndBack(request: Request) {
  const { pathname, search } = new URL(request.url);
  return redirect(loginPathFor(`${pathname}${search}`));
}

/**
 * Signed-in area: a stored token or an impersonation token in the query, else sign in
 * and come back here.
 */
export async function requireSignedIn(request: Request) {
  const url = new URL(request.url);
  const impersonate = url.searchParams.get('impersonate');
  if (impersonate) {
    if (impersonate !== getToken() && isHandoverFromThisAdmin(impersonate)) {
      await adoptImpersonationToken(impersonate);
    }
    // Take the token out of the address bar and out of history.
    url.searchParams.delete('impersonate');
    throw replace(`${url.pathname}${url.search}`);
  }
  if (!getToken()) throw signInAndBack(request);
  return null;
}

/**
 * Admin area: signed out, sign in and come back (as the portal does); signed in, the
 * stored user must be an Admin, else home (SPEC §2).
 */
export function requireAdmin(request: Request) {
  if (!getToken()) throw signInAndBack(request);
  if (getStoredUser()?.role !== 'Admin') throw redirect(paths.home);
  return null;
}
