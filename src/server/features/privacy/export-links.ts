import { and, count, eq, gt, sql } from 'drizzle-orm';
import {
  hashOneTimeToken,
  looksLikeOneTimeToken,
  newOneTimeToken,
} from '#server/auth/one-time-token.ts';
import type { Db } from '#server/db/client.ts';
import { dataExports, type UserRow, users } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { dataExportMail } from '#server/domain/mail/messages/data-export.tsx';
import { queueMail } from '#server/domain/mail/outbox.ts';
import { HttpError } from '#server/http/errors.ts';
import { EXPORT_LINK_HOURS, type ExportRequestAnswer, privacyMessages } from '#shared/privacy.ts';

// A client's own data export (docs/decisions/017-privacy-requests.md): a link by e-mail
// that downloads the archive for EXPORT_LINK_HOURS. The database keeps only the token's
// hash; closing or erasing the account deletes the link, and so does a newer request (one
// live link per person).

const HOUR_MS = 3_600_000;
/** Requests per person per day: each one builds a whole archive. */
export const MAX_EXPORTS_PER_DAY = 5;

export const exportLinkPath = (token: string) => `/api/account/export/${token}`;

export async function requestExport(
  db: Db,
  user: UserRow,
  context: { publicUrl: string; ip: string; mailer: boolean },
  now = new Date(),
): Promise<ExportRequestAnswer> {
  const dayAgo = new Date(now.getTime() - 24 * HOUR_MS);
  const [recent] = await db
    .select({ n: count() })
    .from(dataExports)
    .where(and(eq(dataExports.userId, user.id), gt(dataExports.createdAt, dayAgo)));
  if ((recent?.n ?? 0) >= MAX_EXPORTS_PER_DAY) {
    throw new HttpError(429, privacyMessages.exportLimit);
  }
  const { token, hash } = newOneTimeToken();
  const link = `${context.publicUrl}${exportLinkPath(token)}`;
  const expiresAt = new Date(now.getTime() + EXPORT_LINK_HOURS * HOUR_MS);
  await db.transaction(async (tx) => {
    // An older link stops working, but still counts towards the day's requests.
    await tx
      .update(dataExports)
      .set({ expiresAt: now })
      .where(and(eq(dataExports.userId, user.id), gt(dataExports.expiresAt, now)));
    await tx
      .insert(dataExports)
      .values({ userId: user.id, tokenHash: hash, requestedBy: user.id, expiresAt });
    await audit(tx, {
      source: 'privacy',
      message: 'Data export requested',
      userId: user.id,
      actorId: user.id,
      ip: context.ip,
      details: { expiresAt: expiresAt.toISOString(), mailed: context.mailer },
    });
    if (context.mailer) {
      await queueMail(tx, {
        kind: 'data-export',
        sensitive: true,
        to: user.email,
        ...(await dataExportMail({ link, hours: EXPORT_LINK_HOURS })),
      });
    }
  });
  return {
    message: context.mailer ? privacyMessages.exportMailed : privacyMessages.exportNoMail,
    downloadUrl: context.mailer ? null : link,
    expiresAt: expiresAt.toISOString(),
  };
}

/** The account a live export link is for, counting the download; null for a dead link. */
export async function claimExportLink(
  db: Db,
  token: string,
  now = new Date(),
): Promise<UserRow | null> {
  if (!looksLikeOneTimeToken(token)) return null;
  const [row] = await db
    .update(dataExports)
    .set({ downloads: sql`${dataExports.downloads} + 1` })
    .where(and(eq(dataExports.tokenHash, hashOneTimeToken(token)), gt(dataExports.expiresAt, now)))
    .returning({ userId: dataExports.userId });
  if (!row) return null;
  const [user] = await db.select().from(users).where(eq(users.id, row.userId));
  return user && !user.closedAt ? user : null;
}
