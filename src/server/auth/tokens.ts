import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

// Tokens are HS256 JWTs of three kinds that never pass for one another (`typ`):
// - session tokens name a server-side session (`sid`, auth/sessions.ts) that signing out
//   ends; `tv` is the user's token version, bumped by a password change or reset;
// - two-factor challenges prove the password step of a sign-in for five minutes;
// - links sign a subject that is not a user (an invoice PDF) for a URL.
// Every token carries an expiry; one without is refused.

export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
const CHALLENGE_TTL_SECONDS = 5 * 60;

export interface TokenClaims {
  sub: string;
  tv: number;
  /** The session row this token belongs to. */
  sid: string;
  /** Set on impersonation tokens: the admin acting as the user. */
  imp?: string;
}

export interface ChallengeClaims {
  sub: string;
  tv: number;
}

export interface TokenService {
  sign(claims: TokenClaims, ttlSeconds?: number): Promise<string>;
  verify(token: string): Promise<TokenClaims | null>;
  signChallenge(claims: ChallengeClaims): Promise<string>;
  verifyChallenge(token: string): Promise<ChallengeClaims | null>;
  /** A token that names `subject` (never a user id) until it expires. */
  signLink(subject: string, ttlSeconds: number): Promise<string>;
  verifyLink(token: string, subject: string): Promise<boolean>;
}

type Kind = 'session' | '2fa' | 'link';
type Payload = Record<string, unknown> & { sub?: string; exp?: number };

export function createTokenService(secret: string): TokenService {
  const key = new TextEncoder().encode(secret);

  const sign = (subject: string, claims: Record<string, unknown>, ttl: number, kind: Kind) =>
    new SignJWT({ ...claims, ...(kind === 'session' ? {} : { typ: kind }) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
      .sign(key);

  const decode = async (token: string, kind: Kind): Promise<Payload | null> => {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub'],
      });
      const typ = kind === 'session' ? undefined : kind;
      return payload.typ === typ ? payload : null;
    } catch {
      return null;
    }
  };

  // A token's signature and claims never change, so a verified session token is kept
  // until it expires: checking the signature again on every call was a third of the CPU
  // time of a signed-in list call. Revocation is the session row (requireUser).
  const verified = new LRUCache<string, { claims: TokenClaims; expiresAtMs: number }>({
    max: 10_000,
  });

  async function verify(token: string): Promise<TokenClaims | null> {
    const known = verified.get(token);
    if (known) {
      if (known.expiresAtMs > Date.now()) return { ...known.claims };
      verified.delete(token);
      return null;
    }
    const payload = await decode(token, 'session');
    if (!payload || typeof payload.tv !== 'number' || typeof payload.sid !== 'string') return null;
    const claims: TokenClaims = { sub: payload.sub as string, tv: payload.tv, sid: payload.sid };
    if (typeof payload.imp === 'string') claims.imp = payload.imp;
    verified.set(token, { claims, expiresAtMs: (payload.exp as number) * 1000 });
    return { ...claims };
  }

  return {
    sign: ({ sub, ...claims }, ttl = SESSION_TTL_SECONDS) => sign(sub, claims, ttl, 'session'),
    verify,
    signChallenge: ({ sub, tv }) => sign(sub, { tv }, CHALLENGE_TTL_SECONDS, '2fa'),
    async verifyChallenge(token) {
      const payload = await decode(token, '2fa');
      if (!payload || typeof payload.tv !== 'number') return null;
      return { sub: payload.sub as string, tv: payload.tv };
    },
    signLink: (subject, ttl) => sign(subject, {}, ttl, 'link'),
    verifyLink: async (token, subject) => (await decode(token, 'link'))?.sub === subject,
  };
}
