import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { checkoutSessions } from '#server/db/schema.ts';
import { forbidden, notFound } from '#server/http/errors.ts';
import { billingApiMessages, type PaySessionKind } from '#shared/billing-api.ts';
import { impersonationMessages } from '#shared/impersonation.ts';

// Token links of the local provider's pages (/pay/portal|invoice/:token). The
// token is the only authorisation, so only its SHA-256 is stored, it lives an hour and it
// is used once.

export const PAY_SESSION_TTL_MS = 60 * 60_000;

export type PaySessionRow = typeof checkoutSessions.$inferSelect;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createPaySession(
  db: Db,
  input: {
    clientUserId: string;
    kind: PaySessionKind;
    packageId?: string;
    invoiceId?: string;
    /** The admin testing as the client, when one is: the link then only shows. */
    impersonatorId?: string | null;
  },
  now = new Date(),
): Promise<string> {
  // Old links of this client go as new ones are made, so the table stays small.
  await db
    .delete(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.clientUserId, input.clientUserId),
        lt(checkoutSessions.expiresAt, now),
      ),
    );
  const token = randomBytes(32).toString('base64url');
  await db.insert(checkoutSessions).values({
    tokenHash: hashToken(token),
    clientUserId: input.clientUserId,
    kind: input.kind,
    packageId: input.packageId ?? null,
    invoiceId: input.invoiceId ?? null,
    impersonatorId: input.impersonatorId ?? null,
    expiresAt: new Date(now.getTime() + PAY_SESSION_TTL_MS),
  });
  return token;
}

const openSession = (token: string, now: Date, kind?: PaySessionKind) =>
  and(
    eq(checkoutSessions.tokenHash, hashToken(token)),
    isNull(checkoutSessions.completedAt),
    gt(checkoutSessions.expiresAt, now),
    kind ? eq(checkoutSessions.kind, kind) : undefined,
  );

/** The open session for a token; 404 when unknown, expired or used. */
export async function requireOpenSession(db: Db, token: string, now = new Date()) {
  const [row] = TOKEN_SHAPE.test(token)
    ? await db.select().from(checkoutSessions).where(openSession(token, now))
    : [];
  if (!row) throw notFound(billingApiMessages.sessionGone);
  return row;
}

/**
 * Locks the open session of `kind` inside a transaction and marks it used. A second
 * request with the same token waits for the first and then finds it used (404).
 */
export async function claimSession(tx: Db, token: string, kind: PaySessionKind, now = new Date()) {
  const [row] = TOKEN_SHAPE.test(token)
    ? await tx
        .select()
        .from(checkoutSessions)
        .where(openSession(token, now, kind))
        .for('update')
    : [];
  if (!row) throw notFound(billingApiMessages.sessionGone);
  if (row.impersonatorId) throw forbidden(impersonationMessages.notAvailable);
  await tx
    .update(checkoutSessions)
    .set({ completedAt: now })
    .where(eq(checkoutSessions.id, row.id));
  return row;
}
