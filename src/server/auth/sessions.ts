import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type SessionRow, sessions, type UserRow } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { SESSION_TTL_SECONDS, type TokenService } from './tokens.ts';

// Server-side sessions (schema.ts `sessions`): every session token names one, so signing
// out ends it on the server at once, and an impersonation session can be tied to the
// admin's own session. requireUser reads them through the read cache.

export interface Impersonator {
  admin: UserRow;
  /** The admin's own session: the test session ends with it. */
  parentSessionId: string;
}

export interface NewSession {
  user: UserRow;
  ip: string;
  ttlSeconds?: number;
  impersonator?: Impersonator;
}

/** Opens a session and signs its token. */
export async function issueSession(
  db: Db,
  tokens: TokenService,
  { user, ip, ttlSeconds = SESSION_TTL_SECONDS, impersonator }: NewSession,
): Promise<{ token: string; session: SessionRow }> {
  const [session] = await db
    .insert(sessions)
    .values({
      userId: user.id,
      ip,
      expiresAt: new Date(Date.now() + ttlSeconds * 1000),
      impersonatorId: impersonator?.admin.id ?? null,
      impersonatorTokenVersion: impersonator?.admin.tokenVersion ?? null,
      parentSessionId: impersonator?.parentSessionId ?? null,
    })
    .returning();
  if (!session) throw new Error('session insert returned no row');
  const token = await tokens.sign(
    { sub: user.id, tv: user.tokenVersion, sid: session.id, imp: impersonator?.admin.id },
    ttlSeconds,
  );
  return { token, session };
}

/** A completed sign-in (password, and the second factor when on): audited, then a session. */
export async function signIn(
  db: Db,
  tokens: TokenService,
  user: UserRow,
  ip: string,
  details?: Record<string, unknown>,
): Promise<string> {
  await audit(db, { source: 'auth', message: 'Signed in', userId: user.id, ip, details });
  return (await issueSession(db, tokens, { user, ip })).token;
}

export async function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
  return row;
}

export const isSessionLive = (session: SessionRow | undefined, now = new Date()) =>
  !!session && !session.endedAt && session.expiresAt > now;

/** Ends a session and every test session an admin opened from it. */
export async function endSession(db: Db, id: string, now = new Date()) {
  await db
    .update(sessions)
    .set({ endedAt: now })
    .where(
      and(or(eq(sessions.id, id), eq(sessions.parentSessionId, id)), isNull(sessions.endedAt)),
    );
}

/** After a password change: every other session of the user ends. */
export async function endOtherSessions(db: Db, userId: string, keepId: string, now = new Date()) {
  await db
    .update(sessions)
    .set({ endedAt: now })
    .where(
      and(
        or(eq(sessions.userId, userId), eq(sessions.impersonatorId, userId)),
        ne(sessions.id, keepId),
        isNull(sessions.endedAt),
      ),
    );
}

/** Sessions that have ended or expired more than `days` ago are of no further use. */
export async function deleteOldSessions(db: Db, days: number, now = new Date()) {
  const before = new Date(now.getTime() - days * 86_400_000);
  const deleted = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, before), lt(sessions.endedAt, before)))
    .returning({ id: sessions.id });
  return deleted.length;
}
