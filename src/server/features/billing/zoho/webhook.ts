import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { billingEvents, type UserRow, users } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { badRequest, HttpError } from '#server/http/errors.ts';
import type { ZohoBilling } from '#server/integrations/zoho/billing.ts';
import {
  ZohoError,
  type ZohoSubscription,
  ZohoSubscriptionSchema,
} from '#server/integrations/zoho/types.ts';
import type { WebhookReceived } from '#shared/billing-api.ts';
import { customerIdOf } from './mapping.ts';
import { applyZohoSubscription, zohoSubscriptionNow } from './sync.ts';

// A Zoho Billing webhook event, after its signature was checked (public-routes.ts). Zoho
// documents the Event object as {event_id, event_type, event_time, payload}, `payload`
// possibly as JSON text; hooks set up with a default body send {…, data: {subscription}}.
// Zoho retries until it gets a 2xx, so each event id is handled once: the id is stored
// in billing_events in the same transaction as the change it causes.
//
// Events arrive late, twice and out of order, and may be about a subscription the client
// has since replaced. So an event is only a notice: its subscription finds the client, and
// what is applied is the client's current subscription read back from Zoho at that moment
// (the customer's subscription that is not over, newest first). A late activation then
// finds the subscription cancelled, and an event about an old subscription finds the live
// one, and neither changes anything. Two events read at nearly the same time could still
// write in the wrong order, so the write happens only if the client's row is as it was
// before the read; otherwise Zoho is read again (docs/decisions/013, addendum of 2026-11-27).

/** Event data: Zoho's Event object carries it as `payload`, as an object or JSON text. */
const EventDataSchema = z.looseObject({ subscription: ZohoSubscriptionSchema.optional() });

const jsonText = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
};

const EventSchema = z.looseObject({
  event_id: z.union([z.string().min(1), z.number()]).transform(String),
  event_type: z.string().min(1),
  data: EventDataSchema.optional(),
  payload: z.preprocess(jsonText, EventDataSchema.optional().catch(undefined)),
});
type ZohoEvent = z.infer<typeof EventSchema>;

/** The event's subscription, from the documented `payload` or the `data` of older hooks. */
const subscriptionOf = (event: ZohoEvent) =>
  event.payload?.subscription ?? event.data?.subscription;

async function findClient(db: Db, subscriptionId: string, customerId: string | null) {
  const [bySubscription] = await db
    .select()
    .from(users)
    .where(eq(users.zohoSubscriptionId, subscriptionId))
    .limit(1);
  if (bySubscription || !customerId) return bySubscription;
  const [byCustomer] = await db
    .select()
    .from(users)
    .where(eq(users.zohoSubscriptionsCustomerId, customerId))
    .limit(1);
  return byCustomer as UserRow | undefined;
}

export interface ZohoWebhookDeps {
  db: Db;
  zoho: Pick<ZohoBilling, 'listSubscriptions' | 'getSubscription'>;
  log: FastifyBaseLogger;
  /** Set on a server that mails clients about a change. */
  publicUrl?: string;
}

/** Reads of Zoho for one event before it answers 503 (Zoho sends the event again later). */
const ATTEMPTS = 3;

export const zohoWebhookMessages = {
  unreadable:
    'Zoho Billing could not be read to confirm this event; it was not applied. Send it again later.',
  busy: "The client's subscription kept changing while this event was handled; send it again later.",
};

/** The columns a Zoho subscription sets, compared to tell whether anything changed. */
const subscriptionColumns = (row: UserRow) => [
  row.subscriptionStatus,
  row.subscriptionPlan,
  row.zohoSubscriptionId,
  row.currentPeriodEnd?.getTime() ?? null,
];
const sameSubscription = (a: UserRow, b: UserRow) =>
  subscriptionColumns(a).every((value, i) => value === subscriptionColumns(b)[i]);

/** The client's current subscription as Zoho has it now; unreadable Zoho answers 502. */
async function readBack(
  { zoho, log }: ZohoWebhookDeps,
  client: UserRow,
  subscription: ZohoSubscription,
  eventId: string,
) {
  try {
    return await zohoSubscriptionNow(
      zoho,
      client.zohoSubscriptionsCustomerId ?? customerIdOf(subscription),
      subscription.subscription_id,
    );
  } catch (error) {
    if (!(error instanceof ZohoError)) throw error;
    // Not a 2xx: Zoho delivers the event again later, when it may be readable.
    log.error(
      { err: error, zohoStatus: error.status, zohoCode: error.code, eventId },
      'Zoho webhook: reading the subscription back failed',
    );
    throw new HttpError(502, zohoWebhookMessages.unreadable);
  }
}

/** Thrown inside the transaction to roll it back when the row changed since the read. */
class ChangedMeanwhile extends Error {}

export async function handleZohoEvent(
  deps: ZohoWebhookDeps,
  rawBody: string,
  ip: string,
): Promise<WebhookReceived> {
  const { db, publicUrl } = deps;
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw badRequest('The webhook body is not valid JSON.');
  }
  const parsed = EventSchema.safeParse(json);
  if (!parsed.success) {
    throw badRequest('Not a Zoho Billing event: event_id and event_type are required.');
  }
  const event = parsed.data;
  const eventKey = `zoho:${event.event_id}`;
  const duplicate = { received: true, duplicate: true, applied: false } as const;
  const ignored = { received: true, duplicate: false, applied: false } as const;
  /** Stores the event id; false when another delivery of it got there first. */
  const firstTime = async (tx: Db) =>
    (
      await tx
        .insert(billingEvents)
        .values({ id: eventKey, type: event.event_type })
        .onConflictDoNothing()
        .returning({ id: billingEvents.id })
    ).length > 0;
  const warn = (message: string, details: Record<string, unknown>) =>
    db.transaction(async (tx) => {
      if (!(await firstTime(tx))) return duplicate;
      await audit(tx, { level: 'warning', source: 'billing', message, ip, details });
      return ignored;
    });

  const [seen] = await db
    .select({ id: billingEvents.id })
    .from(billingEvents)
    .where(eq(billingEvents.id, eventKey))
    .limit(1);
  if (seen) return duplicate;
  const subscription = subscriptionOf(event);
  if (!subscription) {
    // A subscription event that names none would otherwise change nothing in silence.
    if (!event.event_type.startsWith('subscription_')) {
      return db.transaction(async (tx) => ((await firstTime(tx)) ? ignored : duplicate));
    }
    return warn(`Zoho ${event.event_type} without a subscription ignored`, {
      eventId: event.event_id,
      keys: Object.keys(json as object),
    });
  }
  const found = await findClient(db, subscription.subscription_id, customerIdOf(subscription));
  if (!found) {
    return warn(`Zoho ${event.event_type} for an unknown subscription ignored`, {
      eventId: event.event_id,
      subscriptionId: subscription.subscription_id,
    });
  }

  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const [before] = await db.select().from(users).where(eq(users.id, found.id)).limit(1);
    if (!before) return ignored;
    const now = await readBack(deps, before, subscription, event.event_id);
    try {
      return await db.transaction(async (tx) => {
        if (!(await firstTime(tx))) return duplicate;
        const [client] = await tx.select().from(users).where(eq(users.id, found.id)).for('update');
        if (
          !client ||
          client.updatedAt.getTime() !== before.updatedAt.getTime() ||
          !sameSubscription(client, before)
        ) {
          throw new ChangedMeanwhile();
        }
        if (!now) {
          await audit(tx, {
            level: 'warning',
            source: 'billing',
            message: `Zoho ${event.event_type} ignored: Zoho has no subscription for this client`,
            userId: client.id,
            ip,
            details: { eventId: event.event_id, subscriptionId: subscription.subscription_id },
          });
          return ignored;
        }
        const row = await applyZohoSubscription(tx, client, now, {
          actorId: null,
          ip,
          via: `webhook ${event.event_type}`,
          publicUrl,
        });
        return { received: true, duplicate: false, applied: !sameSubscription(client, row) };
      });
    } catch (error) {
      if (!(error instanceof ChangedMeanwhile)) throw error;
    }
  }
  throw new HttpError(503, zohoWebhookMessages.busy);
}
