import { useSyncExternalStore } from 'react';
import type { AuthResponse, User } from '#shared/user.ts';

// The signed-in session (SPEC §3 Session): token and user in localStorage under `token`
// and `user`. Every change fires `auth-changed` so the header, guards and portal follow
// it; the `storage` event carries changes made in other tabs.

/** What signing in answers, kept as it came. */
export type Session = AuthResponse;

export const AUTH_CHANGED = 'auth-changed';
const TOKEN_KEY = 'token';
const USER_KEY = 'user';

// Pre-rendering runs in Node, where there is no window or localStorage.
const storage = (): Storage | null => (typeof window === 'undefined' ? null : window.localStorage);

function announce() {
  window.dispatchEvent(new Event(AUTH_CHANGED));
}

export function getToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) || null;
}

function parseUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    // A hand-edited or stale entry must not crash the header; trust only object records.
    if (value && typeof value === 'object' && 'email' in value) return value as User;
  } catch {
    // fall through: treat unreadable data as no user
  }
  return null;
}

export function getStoredUser(): User | null {
  return parseUser(storage()?.getItem(USER_KEY) ?? null);
}

export function setSession({ token, user }: { token: string; user: User | null }) {
  const store = storage();
  if (!store) return;
  store.setItem(TOKEN_KEY, token);
  if (user) store.setItem(USER_KEY, JSON.stringify(user));
  else store.removeItem(USER_KEY);
  announce();
}

/** Replaces the stored user record (e.g. after a profile change), keeping the token. */
export function setStoredUser(user: User) {
  storage()?.setItem(USER_KEY, JSON.stringify(user));
  announce();
}

export function clearSession() {
  const store = storage();
  if (!store) return;
  store.removeItem(TOKEN_KEY);
  store.removeItem(USER_KEY);
  announce();
}

// useSyncExternalStore compares snapshots by identity, so the parsed session is cached
// and only rebuilt when the raw stored strings change.
let cachedToken: string | null = null;
let cachedUserRaw: string | null = null;
let cachedSession: Session | null = null;

function getSnapshot(): Session | null {
  const store = storage();
  const token = store?.getItem(TOKEN_KEY) || null;
  const userRaw = store?.getItem(USER_KEY) ?? null;
  if (token !== cachedToken || userRaw !== cachedUserRaw) {
    cachedToken = token;
    cachedUserRaw = userRaw;
    const user = parseUser(userRaw);
    cachedSession = token && user ? { token, user } : null;
  }
  return cachedSession;
}

// Pre-rendered HTML always shows the signed-out state; the stored session appears
// right after hydration without a mismatch.
const getServerSnapshot = () => null;

function subscribe(onChange: () => void) {
  window.addEventListener(AUTH_CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(AUTH_CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The current session (token and user), or null when signed out. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
