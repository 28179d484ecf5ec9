import { useSyncExternalStore } from 'react';
import type { User } from '#shared/user.ts';
import { AUTH_CHANGED, getToken, type Session } from './session.ts';

// "Test as client" (SPEC §4): before the portal swaps the session for a client's
// impersonation token, the admin's own session is kept under adminToken/adminUser, with
// the impersonation token beside it so we know which session is the borrowed one.

const ADMIN_TOKEN_KEY = 'adminToken';
const ADMIN_USER_KEY = 'adminUser';
const IMPERSONATION_TOKEN_KEY = 'impersonationToken';

const storage = (): Storage | null => (typeof window === 'undefined' ? null : window.localStorage);

export interface SavedImpersonation {
  admin: Session;
  /** The client's impersonation token (the session token while impersonating). */
  token: string;
}

/** Keeps the admin's session; call just before opening /client?impersonate=<token>. */
export function beginImpersonation(admin: Session, token: string) {
  const store = storage();
  if (!store) return;
  store.setItem(ADMIN_TOKEN_KEY, admin.token);
  store.setItem(ADMIN_USER_KEY, JSON.stringify(admin.user));
  store.setItem(IMPERSONATION_TOKEN_KEY, token);
}

export function forgetImpersonation() {
  const store = storage();
  store?.removeItem(ADMIN_TOKEN_KEY);
  store?.removeItem(ADMIN_USER_KEY);
  store?.removeItem(IMPERSONATION_TOKEN_KEY);
}

function parseAdmin(token: string | null, raw: string | null): Session | null {
  if (!token || !raw) return null;
  try {
    const user: unknown = JSON.parse(raw);
    if (user && typeof user === 'object' && 'email' in user) return { token, user: user as User };
  } catch {
    // unreadable: treated as no saved admin session
  }
  return null;
}

export function getSavedImpersonation(): SavedImpersonation | null {
  const store = storage();
  const token = store?.getItem(IMPERSONATION_TOKEN_KEY) ?? null;
  const admin = parseAdmin(
    store?.getItem(ADMIN_TOKEN_KEY) ?? null,
    store?.getItem(ADMIN_USER_KEY) ?? null,
  );
  return token && admin ? { admin, token } : null;
}

/**
 * True when `token` is the test session that the admin signed in in this browser has
 * just asked for (beginImpersonation). Any other token handed over in `?impersonate=` is
 * ignored: a link carrying someone's own token must not sign a victim into their account.
 */
export function isHandoverFromThisAdmin(token: string): boolean {
  const saved = getSavedImpersonation();
  return (
    saved !== null &&
    saved.token === token &&
    saved.admin.user.role === 'Admin' &&
    getToken() === saved.admin.token
  );
}

/** True while the stored session is the impersonation session the admin started. */
export function isImpersonating(): boolean {
  const saved = getSavedImpersonation();
  return saved !== null && getToken() === saved.token;
}

/**
 * Any other session change (logout, an expired token answered with 401, signing in as
 * someone else) ends the impersonation for good: the admin's token must not outlive it
 * in this browser, or the next person here could restore an admin session.
 */
export function dropStaleImpersonation() {
  const saved = getSavedImpersonation();
  if (!saved) return;
  // The admin's own session still current: the test session asked for is on its way
  // (the ?impersonate= handover, which may load a fresh page), not stale.
  const current = getToken();
  if (current !== saved.token && current !== saved.admin.token) forgetImpersonation();
}

// The banner in the site layout is mounted on every page, so its subscription is where
// stale saved sessions are dropped: on mount and after every session change.
function subscribe(onChange: () => void) {
  const handle = () => {
    dropStaleImpersonation();
    onChange();
  };
  dropStaleImpersonation();
  window.addEventListener(AUTH_CHANGED, handle);
  window.addEventListener('storage', handle);
  return () => {
    window.removeEventListener(AUTH_CHANGED, handle);
    window.removeEventListener('storage', handle);
  };
}

/** Whether this browser is impersonating a client now (re-renders on session changes). */
export function useIsImpersonating(): boolean {
  return useSyncExternalStore(subscribe, isImpersonating, () => false);
}
