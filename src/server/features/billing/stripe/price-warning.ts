import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { auditLogs, type UserRow, users } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { priceWithoutPlanMail } from '#server/domain/mail/messages/price-without-plan.tsx';
import { queueMail } from '#server/domain/mail/outbox.ts';
import type { StripeSubscription } from '#server/integrations/stripe/client.ts';
import { brand } from '#shared/brand.ts';
import { paths } from '#shared/paths.ts';
import type { SubscriptionChangeSource } from '../subscription-change.ts';

// A subscription whose Price carries no plan tag (metadata plan Basic or Pro, or a lookup
// key starting with basic or pro) cannot say which plan the client pays for. Guessing would
// give or take capabilities nobody sold, so the plan stays as it was; but someone changed
// the subscription in Stripe (the Dashboard, the Customer Portal's plan list), and an admin
// has to tag the Price or move the client back. They are told once per client and Price:
// a warning in the audit log and a mail in the outbox to every admin.

async function adminAddresses(db: Db): Promise<string[]> {
  const admins = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'Admin'), isNull(users.closedAt), isNull(users.erasedAt)));
  return admins.length ? admins.map((a) => a.email) : [brand.email];
}

export async function warnPriceWithoutPlan(
  db: Db,
  client: UserRow,
  subscription: StripeSubscription,
  source: SubscriptionChangeSource,
  publicUrl: string | undefined,
): Promise<void> {
  const price = subscription.items?.data?.[0]?.price;
  if (!price) return;
  const message = `Stripe Price ${price.id} of subscription ${subscription.id} names no plan (Basic or Pro): the plan stays ${client.subscriptionPlan}`;
  const [told] = await db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.userId, client.id),
        eq(auditLogs.level, 'warning'),
        eq(auditLogs.message, message),
      ),
    )
    .limit(1);
  if (told) return;
  await audit(db, {
    level: 'warning',
    source: 'billing',
    message,
    userId: client.id,
    actorId: source.actorId,
    ip: source.ip,
    details: {
      subscriptionId: subscription.id,
      priceId: price.id,
      lookupKey: price.lookup_key ?? null,
      via: source.via,
    },
  });
  const who = client.companyName ? `${client.name} (${client.companyName})` : client.name;
  const mail = await priceWithoutPlanMail({
    who,
    email: client.email,
    subscriptionId: subscription.id,
    priceId: price.id,
    nickname: price.nickname ?? null,
    plan: client.subscriptionPlan,
    syncUrl: `${publicUrl ?? ''}${paths.adminZoho}`,
  });
  for (const to of await adminAddresses(db)) {
    await queueMail(db, { kind: 'billing-price-without-plan', to, ...mail });
  }
}
