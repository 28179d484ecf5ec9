import { paths } from '#shared/paths.ts';

// Where to go after signing in. `?next=` lets a page send people to sign in and bring
// them back (an invite link sends `/login?next=/invite/<token>`). Only same-site paths
// are followed: anything else would make the login page an open redirect.

export const NEXT_PARAM = 'next';

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
  return safeNextPath(new URLSearchParams(search).get(NEXT_PARAM)) ?? paths.client;
}

/** The login address that brings the visitor back to `path` afterwards. */
export const loginPathFor = (path: string) =>
  `${paths.login}?${NEXT_PARAM}=${encodeURIComponent(path)}`;
