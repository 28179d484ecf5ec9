import { endSession, findSession, issueSession } from '#server/auth/sessions.ts';
import type { TokenClaims, TokenService } from '#server/auth/tokens.ts';
import type { Db } from '#server/db/client.ts';
import type { UserRow } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { forbidden, notFound, unauthorized } from '#server/http/errors.ts';
import { type ImpersonationToken, impersonationMessages } from '#shared/impersonation.ts';

// An admin tests the portal as a client (SPEC §4 Impersonation) with a token that lasts
// at most an hour, names the admin (`imp`), and cannot open the admin area. Its session
// is tied to the admin's own: it ends when the admin signs out, changes password, stops
// being an Admin, or ends the test (auth/guards.ts requireLiveImpersonator).

export const IMPERSONATION_TTL_SECONDS = 60 * 60;

interface Context {
  db: Db;
  tokens: TokenService;
  ip: string;
}

export async function startImpersonation(
  { db, tokens, ip }: Context,
  admin: UserRow,
  adminClaims: TokenClaims | null,
  clientId: string,
): Promise<ImpersonationToken> {
  const client = await findUserById(db, clientId);
  if (!client) throw notFound('Client not found.');
  if (client.role === 'Admin') throw forbidden('Admin accounts cannot be impersonated.');
  const parent = adminClaims ? await findSession(db, adminClaims.sid) : undefined;
  if (!parent) throw unauthorized();
  // Never outlives the admin's own session.
  const ttlSeconds = Math.min(
    IMPERSONATION_TTL_SECONDS,
    Math.floor((parent.expiresAt.getTime() - Date.now()) / 1000),
  );
  const { token, session } = await issueSession(db, tokens, {
    user: client,
    ip,
    ttlSeconds,
    impersonator: { admin, parentSessionId: parent.id },
  });
  await audit(db, {
    source: 'impersonation',
    message: `${admin.email} started impersonating ${client.email}`,
    userId: client.id,
    actorId: admin.id,
    ip,
  });
  return { token, expiresAt: session.expiresAt.toISOString() };
}

/** Ends the caller's test session; a session that is not one is left alone. */
export async function endImpersonation(
  db: Db,
  client: UserRow,
  claims: TokenClaims | null,
  ip: string,
): Promise<string> {
  const adminId = claims?.imp;
  if (!adminId || !claims) return impersonationMessages.notImpersonating;
  await endSession(db, claims.sid);
  const admin = await findUserById(db, adminId);
  await audit(db, {
    source: 'impersonation',
    message: `${admin?.email ?? 'An admin'} stopped impersonating ${client.email}`,
    userId: client.id,
    actorId: adminId,
    ip,
  });
  return impersonationMessages.endedNotice;
}
