import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { users, type WebhookDeliveryRow, webhookDeliveries } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import {
  type OutboxStatus,
  type WebhookDelivery,
  webhookDeliveryMessages,
} from '#shared/outbox.ts';

// Webhook notices for admins: failed ones first, then the others, newest first within
// each, a page at a time; and send again. The keyset cursor is "<rank>|<created_at to the
// microsecond>|<id>", compared in the database as one row comparison: two notices made in
// the same millisecond (or the same statement) are neither skipped nor repeated, as a
// JavaScript Date would do.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MICROSECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** 0 for a failed notice, 1 otherwise: the list's first ordering key. */
const rank = sql<number>`(case when ${webhookDeliveries.status} = 'failed' then 0 else 1 end)`;
const createdText = sql<string>`to_char(${webhookDeliveries.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function parseCursor(cursor: string | undefined) {
  const [r, at, id] = (cursor ?? '').split('|');
  return (r === '0' || r === '1') && at && MICROSECONDS.test(at) && id && UUID.test(id)
    ? { rank: Number(r), at, id }
    : null;
}

const itemOf = (
  row: WebhookDeliveryRow,
  person: { id: string; name: string; email: string },
): WebhookDelivery => ({
  id: row.id,
  to: person,
  event: row.event,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  nextAttemptAt: row.nextAttemptAt.toISOString(),
});

export async function listWebhookDeliveries(
  db: Db,
  query: { status?: OutboxStatus; before?: string; limit: number },
) {
  const cursor = parseCursor(query.before);
  const after = cursor
    ? sql`(${rank} > ${cursor.rank} or (${rank} = ${cursor.rank} and (${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)))`
    : undefined;
  const rows = await db
    .select({
      delivery: webhookDeliveries,
      person: { id: users.id, name: users.name, email: users.email },
      rank,
      createdText,
    })
    .from(webhookDeliveries)
    .innerJoin(users, eq(users.id, webhookDeliveries.userId))
    .where(and(query.status ? eq(webhookDeliveries.status, query.status) : undefined, after))
    .orderBy(rank, desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    deliveries: page.map((row) => itemOf(row.delivery, row.person)),
    nextCursor:
      rows.length > query.limit && last
        ? `${last.rank}|${last.createdText}|${last.delivery.id}`
        : null,
  };
}

export async function webhookDeliveryCounts(db: Db) {
  const rows = await db
    .select({ status: webhookDeliveries.status, n: count() })
    .from(webhookDeliveries)
    .groupBy(webhookDeliveries.status);
  const of = (status: OutboxStatus) => rows.find((r) => r.status === status)?.n ?? 0;
  return { pending: of('pending'), sent: of('sent'), failed: of('failed') };
}

/** Puts a failed notice back in the queue with a new day of tries, due at once. */
export async function resendWebhookDelivery(db: Db, id: string): Promise<WebhookDeliveryRow> {
  const [row] = UUID.test(id)
    ? await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id))
    : [];
  if (!row) throw notFound(webhookDeliveryMessages.notFound);
  const [updated] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, lastError: null, nextAttemptAt: new Date() })
    .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.status, 'failed')))
    .returning();
  if (!updated) throw conflict(webhookDeliveryMessages.resendNotFailed);
  return updated;
}
