import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { InvoicingConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { invoices, packages, users } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { formatCents } from '#shared/billing.ts';
import { billingStatusFor } from '#shared/billing-api.ts';
import { formatDate } from '#shared/dates.ts';
import { invoiceIssuedMail, paymentOverdueMail, planChangedMail } from '../billing-mails.ts';
import { spendCredit } from './invoicing.ts';
import { endCancelledPeriods } from './plan-changes.ts';
import {
  addInterval,
  currentPackage,
  findPackage,
  issueInvoice,
  lockInvoiceNumbers,
} from './records.ts';

// The local provider's billing cycle (docs/decisions/014), run by a job so that nothing
// waits for someone to open Billing: renewal invoices go out ahead of a period's end, due
// the day the paid period ends; a renewal unpaid past that day plus the grace period turns
// the subscription past_due (runs and new schedules then answer 402); a request to change
// plan left unpaid that long expires, and the plan paid for runs on; trials end on their
// date. Every step is a conditional update, so several instances running it at once do it
// once.

const DAY_MS = 86_400_000;
/** Clients handled per query: a large book of clients is worked through in batches. */
const BATCH = 200;

export interface CycleReport {
  renewalsIssued: number;
  pastDue: number;
  trialsEnded: number;
  changeRequestsExpired: number;
  /** Plans cancelled at period end whose period is over. */
  periodsEnded: number;
  /** Downgrades paid ahead whose period has begun. */
  packagesStarted: number;
}

const hasOpenPlanInvoice = sql`exists (select 1 from ${invoices} i
  where i.client_user_id = ${users.id} and i.status = 'unpaid' and i.package_id is not null)`;

/**
 * Active subscriptions ending within the lead time that have no renewal for the period
 * after. An open request to change plan does not hold the renewal back: until it is paid,
 * the plan paid for is the one that runs on. A void renewal does not count: a downgrade
 * voids the one issued, and the lower package's renewal takes its place.
 */
async function dueForRenewal(db: Db, config: InvoicingConfig, now: Date): Promise<string[]> {
  const horizon = new Date(now.getTime() + config.renewalLeadDays * DAY_MS);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.subscriptionStatus, 'active'),
        sql`${users.currentPeriodEnd} <= ${horizon.toISOString()}::timestamptz`,
        // A plan set to end with its period is not renewed.
        eq(users.cancelAtPeriodEnd, false),
        sql`not exists (select 1 from ${invoices} i where i.client_user_id = ${users.id}
          and i.kind = 'renewal' and i.status <> 'void'
          and i.period_start = ${users.currentPeriodEnd})`,
        // A subscription set active by hand (no paid package) has nothing to renew.
        sql`exists (select 1 from ${invoices} i where i.client_user_id = ${users.id}
          and i.status = 'paid' and i.package_id is not null)`,
      ),
    )
    .limit(BATCH);
  return rows.map((row) => row.id);
}

/** Issues one renewal; false when another instance (or a payment) got there first. */
async function issueRenewal(
  db: Db,
  config: InvoicingConfig,
  clientId: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockInvoiceNumbers(tx);
    const [client] = await tx.select().from(users).where(eq(users.id, clientId));
    const start = client?.currentPeriodEnd;
    if (!client || !start || client.subscriptionStatus !== 'active') return false;
    if (client.cancelAtPeriodEnd) return false;
    const [already] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(
        and(
          eq(invoices.clientUserId, client.id),
          eq(invoices.kind, 'renewal'),
          ne(invoices.status, 'void'),
          eq(invoices.periodStart, start),
        ),
      );
    // A downgrade asked for during the period takes over here.
    const scheduled = client.scheduledPackageId
      ? await findPackage(tx, client.scheduledPackageId)
      : undefined;
    const pkg = scheduled ?? (await currentPackage(tx, client.id));
    if (already || !pkg) return false;
    const end = addInterval(start, pkg.interval);
    const invoice = await issueInvoice(
      tx,
      {
        clientUserId: client.id,
        packageId: pkg.id,
        kind: 'renewal',
        items: [
          {
            description: `${pkg.name} renewal, ${formatDate(start, config.timeZone)} to ${formatDate(end, config.timeZone)}`,
            quantity: 1,
            unitAmount: pkg.price,
            amount: pkg.price,
          },
        ],
        // Due the day the paid period ends, even when the job issues it late: it is for
        // that period, and the grace period counts from there.
        dueAt: start,
        periodStart: start,
        periodEnd: end,
      },
      now,
    );
    await audit(tx, {
      source: 'billing',
      message: `Renewal invoice ${invoice.number} issued for ${formatCents(invoice.amount)}, due ${formatDate(invoice.dueAt, config.timeZone)}`,
      userId: client.id,
      details: { invoiceId: invoice.id, periodStart: start.toISOString() },
    });
    await invoiceIssuedMail(tx, config, invoice);
    // Credit on the account pays the renewal at once (docs/decisions/028).
    await spendCredit(tx, config, client.id, null);
    return true;
  });
}

async function issueRenewals(db: Db, config: InvoicingConfig, now: Date): Promise<number> {
  let issued = 0;
  for (;;) {
    const ids = await dueForRenewal(db, config, now);
    let progress = 0;
    for (const id of ids) if (await issueRenewal(db, config, id, now)) progress++;
    issued += progress;
    // Stop on a short batch, or when nothing in a batch could be issued (no package).
    if (ids.length < BATCH || progress === 0) return issued;
  }
}

/**
 * Active subscriptions whose renewal is unpaid past due + grace turn past_due. Only the
 * invoice for the period in force can lapse a plan; an unpaid change of plan expires.
 */
async function markPastDue(db: Db, config: InvoicingConfig, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - config.graceDays * DAY_MS);
  const rows = await db
    .update(users)
    .set({
      subscriptionStatus: 'past_due',
      billingStatus: billingStatusFor.past_due,
      updatedAt: now,
    })
    .where(
      and(
        eq(users.subscriptionStatus, 'active'),
        // An invoice with a period is for time granted: a renewal, or a paid plan invoice
        // open again after its payment was reversed (docs/decisions/028).
        sql`exists (select 1 from ${invoices} i where i.client_user_id = ${users.id}
          and i.status = 'unpaid' and i.package_id is not null and i.period_start is not null
          and i.due_at < ${cutoff.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: users.id });
  for (const { id } of rows) {
    const invoice = await openRenewal(db, id);
    await audit(db, {
      level: 'warning',
      source: 'billing',
      message: `Invoice ${invoice?.number ?? ''} unpaid ${config.graceDays} days after its due date: subscription past due`,
      userId: id,
      details: { invoiceId: invoice?.id ?? null, graceDays: config.graceDays },
    });
    await paymentOverdueMail(db, config, { clientUserId: id, number: invoice?.number ?? null });
  }
  return rows.length;
}

const openRenewal = async (db: Db, clientId: string) =>
  (
    await db
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.clientUserId, clientId),
          eq(invoices.status, 'unpaid'),
          isNotNull(invoices.periodStart),
        ),
      )
      .orderBy(invoices.issuedAt)
      .limit(1)
  )[0];

/**
 * A request to change plan (an invoice for another package while one is paid for) left
 * unpaid past its due date plus the grace period goes void, and the client is told the
 * plan they paid for runs on.
 */
async function expireChangeRequests(db: Db, config: InvoicingConfig, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - config.graceDays * DAY_MS);
  const expired = await db
    .update(invoices)
    .set({ status: 'void' })
    .where(
      and(
        eq(invoices.status, 'unpaid'),
        eq(invoices.kind, 'subscription'),
        // Not one whose period was granted and whose payment then came back.
        isNull(invoices.periodStart),
        sql`${invoices.dueAt} < ${cutoff.toISOString()}::timestamptz`,
        sql`exists (select 1 from ${users} u where u.id = ${invoices.clientUserId}
          and u.subscription_status = 'active')`,
      ),
    )
    .returning();
  for (const invoice of expired) {
    const [client] = await db.select().from(users).where(eq(users.id, invoice.clientUserId));
    const until = client?.currentPeriodEnd
      ? ` until ${formatDate(client.currentPeriodEnd, config.timeZone)}`
      : '';
    await audit(db, {
      source: 'billing',
      message: `Plan change request expired: invoice ${invoice.number} unpaid ${config.graceDays} days after its due date, now void`,
      userId: invoice.clientUserId,
      details: { invoiceId: invoice.id, graceDays: config.graceDays },
    });
    await planChangedMail(db, config, {
      clientUserId: invoice.clientUserId,
      summary: `Invoice ${invoice.number} for your change of plan was not paid and is now void. Your ${client?.subscriptionPlan ?? 'current'} plan runs on${until}; you can ask for the change again on Billing.`,
    });
  }
  return expired.length;
}

/**
 * A package paid ahead with its renewal (a downgrade) takes over when its period starts:
 * the client had the plan paid for until then.
 */
async function startPaidPackages(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ id: users.id, packageId: packages.id, plan: packages.plan })
    .from(users)
    .innerJoin(packages, eq(packages.id, users.scheduledPackageId))
    .where(
      and(
        eq(users.subscriptionStatus, 'active'),
        sql`exists (select 1 from ${invoices} i where i.client_user_id = ${users.id}
          and i.kind = 'renewal' and i.status = 'paid' and i.package_id = ${packages.id}
          and i.period_start <= ${now.toISOString()}::timestamptz)`,
      ),
    )
    .limit(BATCH);
  let started = 0;
  for (const row of due) {
    // Conditional: another instance may have started it already.
    const [done] = await db
      .update(users)
      .set({ subscriptionPlan: row.plan, scheduledPackageId: null, updatedAt: now })
      .where(and(eq(users.id, row.id), eq(users.scheduledPackageId, row.packageId)))
      .returning({ id: users.id });
    if (!done) continue;
    started++;
    await audit(db, {
      source: 'billing',
      message: `Plan changed to ${row.plan} with the period paid for`,
      userId: row.id,
    });
  }
  return started;
}

/** Trials past their end: pending payment when a plan invoice is open, else no plan. */
async function endTrials(db: Db, config: InvoicingConfig, now: Date): Promise<number> {
  const rows = await db
    .update(users)
    .set({
      subscriptionStatus: sql`case when ${hasOpenPlanInvoice} then 'incomplete' else 'no_subscription' end`,
      billingStatus: billingStatusFor.no_subscription,
      subscriptionPlan: 'Trial',
      updatedAt: now,
    })
    .where(
      and(
        eq(users.subscriptionStatus, 'trialing'),
        sql`${users.currentPeriodEnd} <= ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: users.id });
  for (const { id } of rows) {
    await audit(db, { source: 'billing', message: 'Trial ended', userId: id });
    await planChangedMail(db, config, {
      clientUserId: id,
      summary: 'Your trial has ended. Choose a plan on Billing to keep your workflows running.',
    });
  }
  return rows.length;
}

export async function runBillingCycle(
  db: Db,
  config: InvoicingConfig,
  now = new Date(),
): Promise<CycleReport> {
  const changeRequestsExpired = await expireChangeRequests(db, config, now);
  const periodsEnded = await endCancelledPeriods(db, config, now);
  const packagesStarted = await startPaidPackages(db, now);
  const renewalsIssued = await issueRenewals(db, config, now);
  const pastDue = await markPastDue(db, config, now);
  const trialsEnded = await endTrials(db, config, now);
  return {
    renewalsIssued,
    pastDue,
    trialsEnded,
    changeRequestsExpired,
    periodsEnded,
    packagesStarted,
  };
}
