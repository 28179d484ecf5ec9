import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { exactTime, keysetPage, pastPosition, positionOf } from '#server/db/keyset.ts';
import { type OutboxRow, outbox } from '#server/db/schema.ts';
import { CLEARED_AFTER_DELIVERY, CLEARED_UNDELIVERED } from '#server/domain/mail/outbox.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import {
  type OutboxItem,
  type OutboxMail,
  type OutboxStatus,
  outboxMessages,
} from '#shared/outbox.ts';

// The outbox for admins: pages of messages newest first (a keyset cursor on created_at to
// the microsecond and id, db/keyset.ts), one message in full, send again, delete.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const itemOf = (row: OutboxRow): OutboxItem => ({
  id: row.id,
  to: row.to,
  subject: row.subject,
  kind: row.kind,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

export async function listOutbox(
  db: Db,
  /** `before`: a nextCursor this list gave (PageCursorSchema checked it). */
  query: { status?: OutboxStatus; before?: string; limit: number },
) {
  const rows = await db
    .select({ mail: outbox, at: exactTime(outbox.createdAt) })
    .from(outbox)
    .where(
      and(
        query.status ? eq(outbox.status, query.status) : undefined,
        query.before
          ? pastPosition(outbox.createdAt, outbox.id, positionOf(query.before), 'older')
          : undefined,
      ),
    )
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(query.limit + 1);
  const { page, nextCursor } = keysetPage(rows, query.limit, ({ mail, at }) => ({
    at,
    id: mail.id,
  }));
  return { mails: page.map(({ mail }) => itemOf(mail)), nextCursor };
}

export async function outboxCounts(db: Db) {
  const rows = await db
    .select({ status: outbox.status, n: count() })
    .from(outbox)
    .groupBy(outbox.status);
  const of = (status: OutboxStatus) => rows.find((r) => r.status === status)?.n ?? 0;
  return { pending: of('pending'), sent: of('sent'), failed: of('failed') };
}

export async function failedCount(db: Db) {
  const [row] = await db.select({ n: count() }).from(outbox).where(eq(outbox.status, 'failed'));
  return row?.n ?? 0;
}

async function requireMail(db: Db, id: string): Promise<OutboxRow> {
  const [row] = UUID.test(id) ? await db.select().from(outbox).where(eq(outbox.id, id)) : [];
  if (!row) throw notFound(outboxMessages.notFound);
  return row;
}

export async function readMail(db: Db, id: string): Promise<{ mail: OutboxMail; row: OutboxRow }> {
  const row = await requireMail(db, id);
  return { row, mail: { ...itemOf(row), text: row.text, replyTo: row.replyTo } };
}

/** Puts a failed (or sent) message back in the queue; attempts start again. */
export async function resendMail(db: Db, id: string): Promise<OutboxRow> {
  const row = await requireMail(db, id);
  if (row.status === 'pending') throw conflict(outboxMessages.resendPending);
  if (row.text === CLEARED_AFTER_DELIVERY || row.text === CLEARED_UNDELIVERED) {
    throw conflict(outboxMessages.resendCleared);
  }
  const [updated] = await db
    .update(outbox)
    .set({ status: 'pending', attempts: 0, lastError: null, nextAttemptAt: new Date() })
    .where(and(eq(outbox.id, row.id), eq(outbox.status, row.status)))
    .returning();
  if (!updated) throw conflict(outboxMessages.resendPending);
  return updated;
}

export async function deleteMail(db: Db, id: string): Promise<OutboxRow> {
  const row = await requireMail(db, id);
  await db.delete(outbox).where(eq(outbox.id, row.id));
  return row;
}
