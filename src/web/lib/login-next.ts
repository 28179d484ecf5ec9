import { loginPathFor, NEXT_PARAM, paths } from '#shared/paths.ts';

export { loginPathFor, NEXT_PARAM };

// Where to go after signing in. `?next=` lets a page send people to sign in and bring
// them back: an invite link sends `/login?next=/invite/<token>`, and the portal and admin
// guards send the page that asked for a session (none, or one that ended). Only same-site
// paths are followed: anything else would make the login page an open redirect.

/** The path in `next` when it is a same-site relative path, else null. */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2000) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  // Browsers read "\" as "/" ("/\evil.example" is protocol-relative) and drop tabs and
  // newlines from URLs, so neither may appear.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rejects
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  // Signing in again would only loop.
  if (raw === paths.login || raw.startsWith(`${paths.login}?`)) return null;
  return raw;
}

/** Where a sign-in from this address should land: a safe `next`, else the portal. */
export function afterLoginPath(search: string): string {
  return nextPathIn(search) ?? paths.client;
}

/** The safe `next` of a sign-in or sign-up address, if any. */
export const nextPathIn = (search: string) =>
  safeNextPath(new URLSearchParams(search).get(NEXT_PARAM));

/** The invitation token when `next` leads back to an invitation (`/invite/<token>`). */
export function inviteTokenIn(next: string | null): string | null {
  const match = next ? /^\/invite\/([^/?#]+)$/.exec(next) : null;
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * Sign-up from the sign-in page, keeping where the visitor was going: an invitation's
 * sign-up joins its team; any other `next` is followed after signing up.
 */
export function registerPathFrom(next: string | null): string {
  const invite = inviteTokenIn(next);
  if (invite) return `${paths.register}?invite=${encodeURIComponent(invite)}`;
  return next ? `${paths.register}?${NEXT_PARAM}=${encodeURIComponent(next)}` : paths.register;
}

/**
 * Sign-in from the sign-up page, keeping where the visitor was going: the invitation it
 * was opened from (`?invite=`), or its `next`.
 */
export function signInPathFrom(search: string): string {
  const invite = new URLSearchParams(search).get('invite');
  const back = invite
    ? paths.invite.replace(':token', encodeURIComponent(invite))
    : nextPathIn(search);
  return back ? loginPathFor(back) : paths.login;
}

/** Navigation state for the sign-in page: why the visitor must sign in (again). */
export interface SignInNotice {
  notice?: string;
}

/** The notice in a sign-in page's navigation state, if any. */
export function signInNoticeIn(state: unknown): string | null {
  const notice = (state as SignInNotice | null)?.notice;
  return typeof notice === 'string' && notice ? notice : null;
}
