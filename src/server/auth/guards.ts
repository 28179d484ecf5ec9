import type { FastifyRequest } from 'fastify';
import type { TokenClaims } from '#server/auth/tokens.ts';
import type { SessionRow, UserRow } from '#server/db/schema.ts';
import { ADMIN_ALLOWED_IP, getSetting } from '#server/domain/settings/app-settings.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { forbidden, unauthorized } from '#server/http/errors.ts';
import { ipMatches, normaliseIp } from '#server/net/ip.ts';
import { apiTokenMessages, isApiTokenSecret } from '#shared/api-tokens.ts';
import { impersonationMessages } from '#shared/impersonation.ts';
import { privacyMessages } from '#shared/privacy.ts';
import { twoFactorMessages } from '#shared/two-factor.ts';
import { ipRefusal } from './ip-rules.ts';
import { hasSecondFactor } from './second-factor.ts';
import { findSession, isSessionLive } from './sessions.ts';

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

/** The `Authorization: Bearer …` value, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : undefined;
}

// Session and user rows come from the read cache: no database trip on the hot path. Plain
// functions, not closures made per request: the hot path is a signed-in list call
// (DESIGN §6 API budget).
const loadSession = (request: FastifyRequest, id: string) =>
  request.server.readCache.session(id, () => findSession(request.server.deps.database.db, id));
const loadUser = (request: FastifyRequest, id: string) =>
  request.server.readCache.user(id, () => findUserById(request.server.deps.database.db, id));

/**
 * A test session lives only while the admin who opened it is still an Admin with the
 * same password, signed in with the session it was opened from.
 */
async function requireLiveImpersonator(request: FastifyRequest, session: SessionRow) {
  const [admin, parent] = await Promise.all([
    session.impersonatorId ? loadUser(request, session.impersonatorId) : undefined,
    session.parentSessionId ? loadSession(request, session.parentSessionId) : undefined,
  ]);
  const adminStillValid =
    admin?.role === 'Admin' && admin.tokenVersion === session.impersonatorTokenVersion;
  if (!adminStillValid || !isSessionLive(parent)) {
    throw unauthorized(impersonationMessages.ended);
  }
}

export async function requireUser(request: FastifyRequest): Promise<void> {
  // Guards stack (requireAdmin runs requireUser; a route may add its own): a request this
  // guard already let through is not looked up again. Only requireUser sets claims.
  if (request.user && request.claims) return;
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  // A personal API token reaches only the routes that take one (auth/api-tokens.ts).
  if (isApiTokenSecret(token)) throw unauthorized(apiTokenMessages.notHere);
  const claims = await request.server.deps.tokens.verify(token);
  if (!claims) throw unauthorized(SESSION_ENDED);
  const session = await loadSession(request, claims.sid);
  const matches =
    session?.userId === claims.sub && (session.impersonatorId ?? undefined) === claims.imp;
  if (!session || !matches) throw unauthorized(SESSION_ENDED);
  if (!isSessionLive(session)) {
    throw unauthorized(session.impersonatorId ? impersonationMessages.ended : SESSION_ENDED);
  }
  if (session.impersonatorId) await requireLiveImpersonator(request, session);
  const user = await loadUser(request, claims.sub);
  if (!user || user.tokenVersion !== claims.tv) throw unauthorized(SESSION_ENDED);
  if (user.closedAt) throw unauthorized(privacyMessages.accountClosed);
  // An admin testing as the client (impersonation) is not the client's network.
  if (!claims.imp) {
    const { db } = request.server.deps.database;
    const refusal = await ipRefusal(db, user, request.ip, 'request', request.server.readCache);
    if (refusal) throw forbidden(refusal);
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
  // A TOTP app or a passkey meets the rule (docs/decisions/020-passkeys.md).
  if (config.adminRequire2fa && !(await hasSecondFactor(database.db, request.user)))
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

/** Who acts, for the audit log: the admin behind a test session, else the user. */
export const actorIdOf = (request: FastifyRequest): string =>
  request.claims?.imp ?? currentUser(request).id;
