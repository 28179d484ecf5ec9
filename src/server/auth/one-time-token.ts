import { createHash, randomBytes } from 'node:crypto';

// Tokens sent in e-mailed links (password reset, team invite). The link's token is the
// only proof, so the database keeps just its SHA-256: a leaked table opens nothing.

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const hashOneTimeToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function newOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOneTimeToken(token) };
}

/** A token we could have issued; anything else needs no database look-up. */
export const looksLikeOneTimeToken = (token: string) => TOKEN_SHAPE.test(token);
