import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { newApiSecret } from '#server/auth/api-tokens.ts';
import type { Db } from '#server/db/client.ts';
import { type ApiTokenRow, apiTokens, type UserRow } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import {
  API_TOKENS_MAX,
  type ApiToken,
  apiTokenMessages,
  type CreateApiToken,
  type CreatedApiToken,
} from '#shared/api-tokens.ts';

// A person's personal API tokens (docs/decisions/025-personal-api-tokens.md): made with a
// name and a lifetime, the secret returned once and kept as a hash, listed with last use,
// revoked (kept, so the runs it started still name it, but never listed or accepted).
// Making and revoking are audited by name and prefix, never by secret.

const DAY_MS = 86_400_000;

export const apiTokenToJson = (row: ApiTokenRow, now = new Date()): ApiToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  expired: row.expiresAt <= now,
});

const auditChange = (
  db: Db,
  change: { user: UserRow; ip: string; message: string; row: ApiTokenRow },
) =>
  audit(db, {
    level: 'warning',
    source: 'auth',
    message: change.message,
    userId: change.user.id,
    ip: change.ip,
    details: {
      name: change.row.name,
      prefix: change.row.prefix,
      expiresAt: change.row.expiresAt.toISOString(),
    },
  });

/** The person's tokens not revoked, newest first; expired ones stay listed, marked so. */
export async function listApiTokens(db: Db, userId: string): Promise<ApiToken[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt));
  const now = new Date();
  return rows.map((row) => apiTokenToJson(row, now));
}

export async function createApiToken(
  db: Db,
  user: UserRow,
  input: CreateApiToken,
  ip: string,
): Promise<CreatedApiToken> {
  const { secret, secretHash, prefix } = newApiSecret();
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    // Counted under a lock per person, so two tabs cannot pass the limit together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api-tokens:${user.id}`}))`);
    const [live] = await tx
      .select({ n: count() })
      .from(apiTokens)
      .where(
        and(
          eq(apiTokens.userId, user.id),
          isNull(apiTokens.revokedAt),
          gt(apiTokens.expiresAt, now),
        ),
      );
    if ((live?.n ?? 0) >= API_TOKENS_MAX) throw conflict(apiTokenMessages.tooMany);
    const [inserted] = await tx
      .insert(apiTokens)
      .values({
        userId: user.id,
        name: input.name,
        prefix,
        secretHash,
        createdAt: now,
        expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
      })
      .returning();
    if (!inserted) throw new Error('api token insert returned no row');
    return inserted;
  });
  await auditChange(db, { user, ip, message: 'API token created', row });
  return { token: apiTokenToJson(row, now), secret, message: apiTokenMessages.created };
}

export async function revokeApiToken(db: Db, user: UserRow, id: string, ip: string) {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, user.id), isNull(apiTokens.revokedAt)))
    .returning();
  if (!row) throw notFound(apiTokenMessages.notFound);
  await auditChange(db, { user, ip, message: 'API token revoked', row });
}
