import { and, count, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type OutboxRow, outbox } from '#server/db/schema.ts';
import { CLEARED_AFTER_DELIVERY, CLEARED_UNDELIVERED } from '#server/domain/mail/outbox.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import {
  type OutboxItem,
  type OutboxMail,
  type OutboxStatus,
  outboxMessages,
} from '#shared/outbox.ts';

// The outbox for admins: pages of messages newest first (a keyset cursor on created_at and
// id), one message in full, send again, delete.

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

/** "<iso>|<id>": where the next page starts. */
const cursorOf = (row: OutboxRow) => `${row.createdAt.toISOString()}|${row.id}`;

function parseCursor(cursor: string | undefined) {
  const [at, id] = (cursor ?? '').split('|');
  const date = at ? new Date(at) : null;
  return date && !Number.isNaN(date.getTime()) && id && UUID.test(id) ? { date, id } : null;
}

export async function listOutbox(
  db: Db,
  query: { status?: OutboxStatus; before?: string; limit: number },
) {
  const cursor = parseCursor(query.before);
  const rows = await db
    .select()
    .from(outbox)
    .where(
      and(
        query.status ? eq(outbox.status, query.status) : undefined,
        cursor
          ? or(
              lt(outbox.createdAt, cursor.date),
              and(eq(outbox.createdAt, cursor.date), sql`${outbox.id} < ${cursor.id}`),
            )
          : undefined,
      ),
    )
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    mails: page.map(itemOf),
    nextCursor: rows.length > query.limit && last ? cursorOf(last) : null,
  };
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
