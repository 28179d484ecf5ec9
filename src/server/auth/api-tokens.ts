import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { type ApiTokenRow, apiTokens } from '#server/db/schema.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { forbidden, unauthorized } from '#server/http/errors.ts';
import { API_TOKEN_PREFIX, API_TOKEN_SHOWN_CHARS, apiTokenMessages } from '#shared/api-tokens.ts';
import { privacyMessages } from '#shared/privacy.ts';
import { bearerToken, requireUser } from './guards.ts';
import { ipRefusal } from './ip-rules.ts';

// Personal API tokens (docs/decisions/025-personal-api-tokens.md): a `pat_` secret of 32
// random bytes, kept only as its SHA-256. A plain hash is enough for a secret with 256
// bits of entropy (nothing to guess, so no slow KDF), and it lets the guard find the row
// with one indexed lookup.

declare module 'fastify' {
  interface FastifyRequest {
    /** The personal API token a call came with; null for a session. */
    apiToken: ApiTokenRow | null;
  }
}

/** Last use is written at most this often per token, so a busy script costs few writes. */
const LAST_USED_EVERY_MS = 60_000;

export const hashApiSecret = (secret: string) =>
  createHash('sha256').update(secret, 'utf8').digest('hex');

/** A new secret, its hash to store and the prefix a list shows. */
export function newApiSecret() {
  const secret = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return {
    secret,
    secretHash: hashApiSecret(secret),
    prefix: secret.slice(0, API_TOKEN_PREFIX.length + API_TOKEN_SHOWN_CHARS),
  };
}

async function findBySecret(db: Db, secret: string): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.secretHash, hashApiSecret(secret)));
  return row;
}

async function noteUse(db: Db, token: ApiTokenRow, now: Date) {
  const stale = new Date(now.getTime() - LAST_USED_EVERY_MS);
  if (token.lastUsedAt && token.lastUsedAt > stale) return;
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiTokens.id, token.id),
        or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, stale)),
      ),
    );
}

/**
 * The guard of a route that takes API tokens: a `pat_` bearer acts as the token's owner,
 * held to the owner's account rules (closed account, allowed IPs) as a session is;
 * anything else is a session for requireUser. Sets request.apiToken, and request.claims
 * stays null (a token is never an admin's test session).
 */
export async function requireUserOrApiToken(request: FastifyRequest): Promise<void> {
  const secret = bearerToken(request);
  if (!secret?.startsWith(API_TOKEN_PREFIX)) return requireUser(request);
  const { db } = request.server.deps.database;
  const token = await findBySecret(db, secret);
  if (!token) throw unauthorized(apiTokenMessages.unknown);
  if (token.revokedAt) throw unauthorized(apiTokenMessages.revokedToken);
  const now = new Date();
  if (token.expiresAt <= now) throw unauthorized(apiTokenMessages.expiredToken);
  const { readCache } = request.server;
  const user = await readCache.user(token.userId, () => findUserById(db, token.userId));
  if (!user) throw unauthorized(apiTokenMessages.unknown);
  if (user.closedAt) throw unauthorized(privacyMessages.accountClosed);
  const refusal = await ipRefusal(db, user, request.ip, 'request', readCache);
  if (refusal) throw forbidden(refusal);
  await noteUse(db, token, now);
  request.user = user;
  request.claims = null;
  request.apiToken = token;
}
