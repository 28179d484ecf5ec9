import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { exactTime, keysetPage, pastPosition, positionOf } from '#server/db/keyset.ts';
import { users, type WebhookDeliveryRow, webhookDeliveries } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import {
  type OutboxStatus,
  type WebhookDelivery,
  webhookDeliveryMessages,
} from '#shared/outbox.ts';

// Webhook notices for admins: failed ones first, then the others, newest first within
// each, a page at a time; and send again. The keyset is (part, created_at, id) with the
// time read and compared in the database to the microsecond (db/keyset.ts,
// docs/decisions/019-keyset-at-database-precision.md): notices made in one statement share
// a created_at and are neither skipped nor repeated.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The part of the list a notice is in: failed ones (0) before the others (1). */
const part = sql<number>`(case when ${webhookDeliveries.status} = 'failed' then 0 else 1 end)`;
const partNames = ['failed', 'other'] as const;

/** A cursor WebhookCursorSchema accepted: its part and the position within it. */
function parseCursor(cursor: string) {
  const [name, ...position] = cursor.split('|');
  return { part: name === 'failed' ? 0 : 1, position: positionOf(position.join('|')) };
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
  /** `before`: a nextCursor this list gave (WebhookCursorSchema checked it). */
  query: { status?: OutboxStatus; before?: string; limit: number },
) {
  const cursor = query.before ? parseCursor(query.before) : null;
  const after = cursor
    ? sql`(${part} > ${cursor.part} or (${part} = ${cursor.part} and ${pastPosition(webhookDeliveries.createdAt, webhookDeliveries.id, cursor.position, 'older')}))`
    : undefined;
  const rows = await db
    .select({
      delivery: webhookDeliveries,
      person: { id: users.id, name: users.name, email: users.email },
      part,
      at: exactTime(webhookDeliveries.createdAt),
    })
    .from(webhookDeliveries)
    .innerJoin(users, eq(users.id, webhookDeliveries.userId))
    .where(and(query.status ? eq(webhookDeliveries.status, query.status) : undefined, after))
    .orderBy(part, desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(query.limit + 1);
  const { page, nextCursor } = keysetPage(rows, query.limit, (row) => ({
    at: row.at,
    id: row.delivery.id,
  }));
  const last = page.at(-1);
  return {
    deliveries: page.map((row) => itemOf(row.delivery, row.person)),
    nextCursor: nextCursor && last ? `${partNames[Number(last.part)]}|${nextCursor}` : null,
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
