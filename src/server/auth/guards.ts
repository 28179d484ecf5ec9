import type { FastifyRequest } from 'fastify';
import type { TokenClaims } from '#server/auth/tokens.ts';
import type { UserRow } from '#server/db/schema.ts';
import { forbidden, unauthorized } from '#server/http/errors.ts';
import { ipMatches, normaliseIp } from '#server/net/ip.ts';
import { ADMIN_ALLOWED_IP, getSetting } from '#server/settings/app-settings.ts';
import { findUserById } from '#server/users/repository.ts';
import { twoFactorMessages } from '#shared/two-factor.ts';

// Request guards, used as onRequest hooks so that an anonymous call is refused before
// its body is validated. They throw HttpErrors; the central handler turns them into
// 401/403 answers. `request.user` is set once requireUser has passed.

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    claims: TokenClaims | null;
  }
}

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : undefined;
}

export async function requireUser(request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  const { tokens, database } = request.server.deps;
  const claims = await tokens.verify(token);
  if (!claims) throw unauthorized(SESSION_ENDED);
  const user = await request.server.readCache.user(claims.sub, () =>
    findUserById(database.db, claims.sub),
  );
  if (!user || user.tokenVersion !== claims.tv) throw unauthorized(SESSION_ENDED);
  // A client's allowed IPs bind their own sessions. An admin testing as the client
  // (impersonation) is not the client's network, so that session is exempt.
  if (user.allowedIps.length > 0 && !claims.imp && !ipMatches(request.ip, user.allowedIps)) {
    throw forbidden(
      `Your account only accepts requests from approved IP addresses, and ${request.ip} is not one of them. Ask your administrator to add it.`,
    );
  }
  request.user = user;
  request.claims = claims;
}

export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (request.user?.role !== 'Admin' || request.claims?.imp) {
    throw forbidden('This area is for administrators only.');
  }
  const { config, database } = request.server.deps;
  if (config.adminRequire2fa && !request.user.totpEnabled)
    throw forbidden(twoFactorMessages.required);
  const allowedIp = await getSetting<string>(database.db, ADMIN_ALLOWED_IP);
  if (allowedIp && !ipMatches(request.ip, [allowedIp])) {
    throw forbidden(
      `The admin area only accepts requests from its allowed IP address, and ${normaliseIp(request.ip)} is not it.`,
    );
  }
}

/** The signed-in user; only call after requireUser has run as a hook. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}
