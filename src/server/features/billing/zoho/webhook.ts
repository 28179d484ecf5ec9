import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '#server/db/client.ts';
import { billingEvents, type UserRow, users } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { badRequest } from '#server/http/errors.ts';
import { ZohoSubscriptionSchema } from '#server/integrations/zoho/types.ts';
import type { WebhookReceived } from '#shared/billing-api.ts';
import { customerIdOf } from './mapping.ts';
import { applyZohoSubscription } from './sync.ts';

// A Zoho Billing webhook event, after its signature was checked (webhook-routes.ts). Zoho
// documents the Event object as {event_id, event_type, event_time, payload}, `payload`
// possibly as JSON text; hooks set up with a default body send {…, data: {subscription}}.
// Zoho retries until it gets a 2xx, so each event id is handled once: the id is stored
// in billing_events in the same transaction as the change it causes.

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

export async function handleZohoEvent(
  db: Db,
  rawBody: string,
  ip: string,
  publicUrl?: string,
): Promise<WebhookReceived> {
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
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(billingEvents)
      .values({ id: `zoho:${event.event_id}`, type: event.event_type })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (fresh.length === 0) return { received: true, duplicate: true, applied: false };
    const subscription = subscriptionOf(event);
    if (!subscription) {
      // A subscription event that names none would otherwise change nothing in silence.
      if (event.event_type.startsWith('subscription_')) {
        await audit(tx, {
          level: 'warning',
          source: 'billing',
          message: `Zoho ${event.event_type} without a subscription ignored`,
          ip,
          details: { eventId: event.event_id, keys: Object.keys(json as object) },
        });
      }
      return { received: true, duplicate: false, applied: false };
    }
    const client = await findClient(tx, subscription.subscription_id, customerIdOf(subscription));
    if (!client) {
      await audit(tx, {
        level: 'warning',
        source: 'billing',
        message: `Zoho ${event.event_type} for an unknown subscription ignored`,
        ip,
        details: { eventId: event.event_id, subscriptionId: subscription.subscription_id },
      });
      return { received: true, duplicate: false, applied: false };
    }
    await applyZohoSubscription(tx, client, subscription, {
      actorId: null,
      ip,
      via: `webhook ${event.event_type}`,
      publicUrl,
    });
    return { received: true, duplicate: false, applied: true };
  });
}
