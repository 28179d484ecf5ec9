import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

// Session tokens are HS256 JWTs. `tv` is the user's token version: a password change or
// reset bumps it, so every token issued before stops working (checked in requireUser).

export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface TokenClaims {
  sub: string;
  tv: number;
  /** Set on impersonation tokens: the admin acting as the user. */
  imp?: string;
}

export interface TokenService {
  sign(claims: TokenClaims, ttlSeconds?: number): Promise<string>;
  verify(token: string): Promise<TokenClaims | null>;
  /** A short-lived token proving the password step of a two-factor sign-in. */
  signChallenge(claims: TokenClaims): Promise<string>;
  verifyChallenge(token: string): Promise<TokenClaims | null>;
}

const CHALLENGE_TTL_SECONDS = 5 * 60;

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);
  const sign = (claims: TokenClaims, ttlSeconds: number, typ?: string) => {
    const payload: Record<string, unknown> = { tv: claims.tv };
    if (claims.imp) payload.imp = claims.imp;
    if (typ) payload.typ = typ;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(key);
  };
  // A token's signature and claims never change, so a verified session token is kept
  // until it expires: checking the signature again on every call was a third of the
  // CPU time of a signed-in list call. Revocation is the token version (requireUser).
  const verified = new LRUCache<string, { claims: TokenClaims; expiresAtMs: number }>({
    max: 10_000,
  });
  // A session token has no `typ`; a challenge has typ "2fa". Neither passes for the other.
  const verify = async (token: string, typ?: string): Promise<TokenClaims | null> => {
    const known = typ ? undefined : verified.get(token);
    if (known) {
      if (known.expiresAtMs > Date.now()) return { ...known.claims };
      verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
      if (payload.typ !== typ) return null;
      const claims: TokenClaims = { sub: payload.sub, tv: payload.tv };
      if (typeof payload.imp === 'string') claims.imp = payload.imp;
      if (!typ && payload.exp) verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
      return { ...claims };
    } catch {
      return null;
    }
  };
  return {
    sign: (claims, ttlSeconds = SESSION_TTL_SECONDS) => sign(claims, ttlSeconds),
    verify: (token) => verify(token),
    signChallenge: (claims) => sign(claims, CHALLENGE_TTL_SECONDS, '2fa'),
    verifyChallenge: (token) => verify(token, '2fa'),
  };
}
