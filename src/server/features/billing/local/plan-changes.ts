import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { InvoicingConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { invoices, type UserRow, users } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { formatCents } from '#shared/billing.ts';
import { billingStatusFor } from '#shared/billing-api.ts';
import { formatDate } from '#shared/dates.ts';
import type { InvoiceItem } from '#shared/invoicing.ts';
import { unusedCredit } from '#shared/plan-change.ts';
import { planChangedMail } from '../billing-mails.ts';
import { type Acting, recordBilling } from '../provider.ts';
import {
  currentPackage,
  lockInvoiceNumbers,
  type PackageRow,
  voidOpenPlanInvoices,
} from './records.ts';

// Changes of a paid local plan that wait for, or count, the paid period
// (docs/decisions/027-local-billing-calendar.md): an upgrade is invoiced at once with the
// unused part of the current period credited; a downgrade waits for the next renewal; a
// cancellation ends the plan with its paid period and can be undone until then.

/** "Mar 5, 2026": a day of the billing zone (BILLING_TIME_ZONE), as every billing date. */
const plainDate = (at: Date, timeZone: string) => formatDate(at, timeZone);

/**
 * The line that credits the unused part of the paid period on an upgrade's invoice
 * (shared/plan-change.ts, as the portal page shows it); null when nothing is left.
 */
export function unusedPeriodCredit(
  current: PackageRow,
  periodEnd: Date,
  now: Date,
  timeZone: string,
): InvoiceItem | null {
  const credit = unusedCredit(current, periodEnd, now);
  if (credit <= 0) return null;
  return {
    description: `Unused ${current.name}, ${plainDate(now, timeZone)} to ${plainDate(periodEnd, timeZone)}`,
    quantity: 1,
    unitAmount: -credit,
    amount: -credit,
  };
}

/** A downgrade takes over at the next renewal; the plan paid for runs on until then. */
export async function scheduleDowngrade(
  tx: Db,
  client: UserRow,
  from: PackageRow,
  to: PackageRow,
  acting: Acting,
  timeZone: string,
): Promise<string> {
  const voided = await voidOpenPlanInvoices(tx, client.id);
  await tx
    .update(users)
    .set({ scheduledPackageId: to.id, cancelAtPeriodEnd: false, updatedAt: new Date() })
    .where(eq(users.id, client.id));
  const on = client.currentPeriodEnd
    ? plainDate(client.currentPeriodEnd, timeZone)
    : 'the next renewal';
  await recordBilling(tx, acting, client.id, `Plan change to ${to.name} scheduled for ${on}`, {
    from: from.id,
    to: to.id,
    voidedInvoices: voided.map((row) => row.number),
  });
  return `Your plan changes to ${to.name} when ${from.name} renews on ${on}; until then ${from.name} runs on.`;
}

/** Cancelling a paid period: the plan ends when it does. False when there is none to keep. */
export async function cancelAtPeriodEnd(
  tx: Db,
  client: UserRow,
  acting: Acting,
  timeZone: string,
  now = new Date(),
): Promise<string | null> {
  const end = client.currentPeriodEnd;
  if (client.subscriptionStatus !== 'active' || !end || end <= now) return null;
  const voided = await voidOpenPlanInvoices(tx, client.id);
  await tx
    .update(users)
    .set({ cancelAtPeriodEnd: true, scheduledPackageId: null, updatedAt: now })
    .where(eq(users.id, client.id));
  await recordBilling(
    tx,
    acting,
    client.id,
    `Subscription set to end with its paid period on ${plainDate(end, timeZone)} (${client.subscriptionPlan})`,
    { plan: client.subscriptionPlan, voidedInvoices: voided.map((row) => row.number) },
  );
  return `Your ${client.subscriptionPlan} plan runs until ${plainDate(end, timeZone)}, then ends. You can undo this until then.`;
}

/**
 * The renewal the cancellation voided is due again. Voided renewals do not count against
 * one per period, so a period may hold several (the renewal a downgrade voided, then the
 * one for the lower package): only the newest of the package that renews now (a
 * cancellation drops a scheduled downgrade) with nothing paid and no admin's reason comes
 * back, and none while the period has a live renewal, so two are never open together.
 */
async function reopenVoidedRenewal(tx: Db, clientId: string, periodStart: Date) {
  // The lock the billing cycle issues renewals under: it cannot issue one meanwhile.
  await lockInvoiceNumbers(tx);
  const forPeriod = and(
    eq(invoices.clientUserId, clientId),
    eq(invoices.kind, 'renewal'),
    eq(invoices.periodStart, periodStart),
  );
  const [live] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(forPeriod, ne(invoices.status, 'void')))
    .limit(1);
  const pkg = await currentPackage(tx, clientId);
  if (live || !pkg) return undefined;
  const [voided] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        forPeriod,
        eq(invoices.status, 'void'),
        eq(invoices.packageId, pkg.id),
        eq(invoices.amountPaid, 0),
        isNull(invoices.voidReason),
      ),
    )
    .orderBy(desc(invoices.issuedAt), desc(invoices.number))
    .limit(1);
  if (!voided) return undefined;
  const [reopened] = await tx
    .update(invoices)
    .set({ status: 'unpaid' })
    .where(eq(invoices.id, voided.id))
    .returning({ number: invoices.number });
  return reopened;
}

/** Undoes a cancellation before the paid period ends: the plan renews as before. */
export async function resumePlan(
  tx: Db,
  client: UserRow,
  acting: Acting,
  timeZone: string,
  now = new Date(),
): Promise<string | null> {
  const end = client.currentPeriodEnd;
  if (!client.cancelAtPeriodEnd || client.subscriptionStatus !== 'active' || !end || end <= now) {
    return null;
  }
  await tx
    .update(users)
    .set({ cancelAtPeriodEnd: false, updatedAt: now })
    .where(eq(users.id, client.id));
  const reopened = await reopenVoidedRenewal(tx, client.id, end);
  await recordBilling(
    tx,
    acting,
    client.id,
    `Cancellation undone: ${client.subscriptionPlan} renews on ${plainDate(end, timeZone)}`,
    { reopenedInvoices: reopened ? [reopened.number] : [] },
  );
  return `Your ${client.subscriptionPlan} plan goes on and renews on ${plainDate(end, timeZone)}.`;
}

/** Plans cancelled at period end whose period is over: they end now (billing cycle). */
export async function endCancelledPeriods(
  db: Db,
  config: InvoicingConfig,
  now: Date,
): Promise<number> {
  const ended = await db
    .update(users)
    .set({
      subscriptionStatus: 'canceled',
      billingStatus: billingStatusFor.canceled,
      cancelAtPeriodEnd: false,
      updatedAt: now,
    })
    .where(
      and(
        eq(users.subscriptionStatus, 'active'),
        eq(users.cancelAtPeriodEnd, true),
        sql`${users.currentPeriodEnd} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  for (const client of ended) {
    await audit(db, {
      source: 'billing',
      message: `Subscription ended with its paid period (${client.subscriptionPlan})`,
      userId: client.id,
    });
    await planChangedMail(db, config, {
      clientUserId: client.id,
      summary: `Your ${client.subscriptionPlan} plan has ended with the period you paid for. Choose a plan on Billing to start again.`,
    });
  }
  return ended.length;
}

/** What an upgrade's credit line says in the audit entry. */
export const creditText = (item: InvoiceItem | null) =>
  item ? `, less ${formatCents(-item.amount)} unused` : '';
