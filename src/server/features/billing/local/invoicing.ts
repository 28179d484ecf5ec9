import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { InvoicingConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { invoices, type UserRow, users } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { badRequest, conflict, notFound } from '#server/http/errors.ts';
import { formatCents, isSubscriptionRunning } from '#shared/billing.ts';
import { billingApiMessages, billingStatusFor } from '#shared/billing-api.ts';
import { dayStart, formatDate, zoneDayStart } from '#shared/dates.ts';
import {
  type BillHoursSchema,
  type GrantTrialSchema,
  invoicingMessages,
  MAX_INVOICE_CENTS,
} from '#shared/invoicing.ts';
import { invoiceIssuedMail, planChangedMail } from '../billing-mails.ts';
import { type Acting, recordBilling } from '../provider.ts';
import { spendAccountCredit } from './ledger.ts';
import { creditText, unusedPeriodCredit } from './plan-changes.ts';
import {
  activateSubscription,
  addInterval,
  currentPackage,
  findPackage,
  type InvoiceRow,
  issueInvoice,
  lockInvoiceNumbers,
  type PackageRow,
  packageItem,
} from './records.ts';
import { makeWayForChoice } from './replace-plan-invoice.ts';

// Local billing as invoicing (docs/decisions/014): choosing a package issues an open
// invoice; nothing a client does activates a plan. An admin records the payments that
// arrive; the one that settles a plan invoice starts or renews the plan for its period.

const DAY_MS = 86_400_000;

/** Issue date plus the client's due days (billing presets), else BILLING_DUE_DAYS. */
export const dueDateFor = (client: UserRow, issuedAt: Date, config: InvoicingConfig) =>
  new Date(issuedAt.getTime() + (client.billingPrefs.defaultDueDays ?? config.dueDays) * DAY_MS);

async function lockedClient(tx: Db, id: string): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!row) throw notFound('Client not found.');
  return row;
}

/**
 * Issues the invoice for a chosen package: a first subscription (pending payment unless a
 * trial runs) or a change of plan (the current plan runs on until it is paid). The same
 * package chosen again keeps its open invoice; another replaces it while nothing is paid.
 */
export function invoicePackage(
  db: Db,
  config: InvoicingConfig,
  input: { clientId: string; pkg: PackageRow; acting: Acting; change: boolean },
): Promise<ChosenInvoice> {
  const { pkg, acting, change } = input;
  return db.transaction(async (tx) => {
    // Two tabs choosing at once: the second waits here, then keeps or replaces the first's
    // invoice (replace-plan-invoice.ts), so one plan invoice stays open.
    await lockInvoiceNumbers(tx);
    const client = await lockedClient(tx, input.clientId);
    const current = await currentPackage(tx, client.id);
    const running = isSubscriptionRunning(client.subscriptionStatus);
    if (!change && client.subscriptionStatus === 'active' && current) {
      throw conflict(billingApiMessages.alreadyActive);
    }
    if (change && running && current?.id === pkg.id) {
      throw conflict(billingApiMessages.samePackage, { packageId: billingApiMessages.samePackage });
    }
    // A package chosen again keeps its invoice; another replaces the unpaid choice.
    const { kept, replaced } = await makeWayForChoice(tx, client.id, pkg, acting);
    if (kept) return { invoice: kept, replaced: [] };
    const now = new Date();
    // An upgrade of a paid period credits what is left of it (plan-changes.ts).
    const credit =
      change && current && client.subscriptionStatus === 'active' && client.currentPeriodEnd
        ? unusedPeriodCredit(current, client.currentPeriodEnd, now, config.timeZone)
        : null;
    const invoice = await issueInvoice(
      tx,
      {
        clientUserId: client.id,
        packageId: pkg.id,
        kind: 'subscription',
        items: credit ? [packageItem(pkg), credit] : [packageItem(pkg)],
        dueAt: dueDateFor(client, now, config),
      },
      now,
    );
    if (!running) {
      await tx
        .update(users)
        .set({
          subscriptionStatus: 'incomplete',
          billingStatus: billingStatusFor.incomplete,
          updatedAt: now,
        })
        .where(eq(users.id, client.id));
    }
    const asked = change
      ? `Plan change to ${pkg.name} requested${creditText(credit)}`
      : `${pkg.name} chosen`;
    const what = `${asked}${replacing(replaced)}`;
    await recordBilling(
      tx,
      acting,
      client.id,
      `${what}; invoice ${invoice.number} issued for ${formatCents(invoice.amount)}, due ${formatDate(invoice.dueAt, config.timeZone)}`,
      {
        invoiceId: invoice.id,
        packageId: pkg.id,
        amountCents: invoice.amount,
        ...(replaced.length && { replacedInvoices: replaced.map((row) => row.number) }),
      },
    );
    await invoiceIssuedMail(tx, config, invoice);
    await spendCredit(tx, config, client.id, acting);
    return { invoice, replaced: replaced.map((row) => row.number) };
  });
}

/** What a choice left open: its invoice, and the numbers of those it replaced. */
export interface ChosenInvoice {
  invoice: InvoiceRow;
  replaced: string[];
}

const replacing = (replaced: InvoiceRow[]) =>
  replaced.length ? `, replacing invoice ${replaced.map((row) => row.number).join(', ')}` : '';

/**
 * A plan invoice paid in full starts or renews its package: a renewal of a running plan
 * for the period it was issued for; a first or changed plan, or a renewal paid after the
 * plan lapsed, from the day it was paid (never before it was issued), so no one buys a
 * period that is already over. Other open plan invoices of the client go void. Returns
 * what changed.
 */
export async function settlePlanInvoice(
  tx: Db,
  invoice: InvoiceRow,
  paidOn: string,
  acting: Acting | null,
  timeZone: string,
): Promise<string | null> {
  const pkg = invoice.packageId ? await findPackage(tx, invoice.packageId) : undefined;
  if (!pkg) return null;
  const [client] = await tx.select().from(users).where(eq(users.id, invoice.clientUserId));
  // A renewal, or a plan invoice paid again after its payment was reversed, keeps the
  // period it was for while the plan runs.
  const renewal =
    invoice.periodStart && invoice.periodEnd && client?.subscriptionStatus === 'active';
  const start = renewal
    ? (invoice.periodStart as Date)
    : // The day paid is a day of the billing zone: the period starts at its midnight there.
      new Date(Math.max(zoneDayStart(paidOn, timeZone).getTime(), invoice.issuedAt.getTime()));
  const end = renewal ? (invoice.periodEnd as Date) : addInterval(start, pkg.interval);
  await tx
    .update(invoices)
    .set({ periodStart: start, periodEnd: end })
    .where(eq(invoices.id, invoice.id));
  await tx
    .update(invoices)
    .set({ status: 'void' })
    .where(
      and(
        eq(invoices.clientUserId, invoice.clientUserId),
        eq(invoices.status, 'unpaid'),
        isNotNull(invoices.packageId),
        ne(invoices.id, invoice.id),
      ),
    );
  // A renewal paid before its period starts extends the plan; a downgrade it carries
  // starts with that period (billing-cycle.ts), not on the day it was paid.
  const early = renewal && start.getTime() > Date.now() && client?.subscriptionPlan !== pkg.plan;
  if (early) await renewAhead(tx, invoice.clientUserId, pkg, end);
  else await activateSubscription(tx, invoice.clientUserId, pkg, end);
  const what = early
    ? `${pkg.name} from ${formatDate(start, timeZone)} until ${formatDate(end, timeZone)}`
    : `${pkg.name} active until ${formatDate(end, timeZone)}`;
  await audit(tx, {
    source: 'billing',
    message: `Invoice ${invoice.number} paid: ${what}`,
    userId: invoice.clientUserId,
    actorId: acting?.actorId ?? null,
    ip: acting?.ip ?? null,
    details: {
      invoiceId: invoice.id,
      plan: pkg.plan,
      periodStart: start.toISOString(),
      periodEnd: end.toISOString(),
    },
  });
  return what;
}

/** The paid period runs on to `end`; the package waits as scheduled for its period. */
const renewAhead = (tx: Db, clientId: string, pkg: PackageRow, end: Date) =>
  tx
    .update(users)
    .set({
      currentPeriodEnd: end,
      scheduledPackageId: pkg.id,
      cancelAtPeriodEnd: false,
      updatedAt: new Date(),
    })
    .where(eq(users.id, clientId));

/**
 * Spends the client's account credit on their open invoices (docs/decisions/028): called
 * when a credit appears and when an invoice is issued. A plan invoice it settles starts.
 */
export const spendCredit = (
  tx: Db,
  config: InvoicingConfig,
  clientId: string,
  acting: Acting | null,
) =>
  spendAccountCredit(tx, {
    clientId,
    timeZone: config.timeZone,
    acting,
    onSettled: (t, row, paidOn) => settlePlanInvoice(t, row, paidOn, acting, config.timeZone),
  });

/** A trial of a plan until the end of `endsOn` (UTC); it ends by itself (billing-cycle.ts). */
export function grantTrial(
  db: Db,
  config: InvoicingConfig,
  input: { clientId: string; trial: z.output<typeof GrantTrialSchema>; acting: Acting },
): Promise<string> {
  const { trial, acting } = input;
  return db.transaction(async (tx) => {
    const client = await lockedClient(tx, input.clientId);
    if (client.subscriptionStatus === 'active' && (await currentPackage(tx, client.id))) {
      throw conflict('This client has a paid plan running; a trial would replace it.');
    }
    const end = new Date(dayStart(trial.endsOn).getTime() + DAY_MS);
    await tx
      .update(users)
      .set({
        subscriptionPlan: trial.plan,
        subscriptionStatus: 'trialing',
        billingStatus: billingStatusFor.trialing,
        currentPeriodEnd: end,
        updatedAt: new Date(),
      })
      .where(eq(users.id, client.id));
    const message = `Trial of ${trial.plan} granted until ${formatDate(dayStart(trial.endsOn), 'UTC')}`;
    await recordBilling(tx, acting, client.id, message, {
      plan: trial.plan,
      endsOn: trial.endsOn,
      from: { plan: client.subscriptionPlan, status: client.subscriptionStatus },
    });
    await planChangedMail(tx, config, {
      clientUserId: client.id,
      summary: `You are on a trial of the ${trial.plan} plan until ${formatDate(dayStart(trial.endsOn), 'UTC')}.`,
    });
    return `${message}.`;
  });
}

/** An invoice for consulting hours at the client's hourly rate (billing presets). */
export function billHours(
  db: Db,
  config: InvoicingConfig,
  input: { clientId: string; hours: z.output<typeof BillHoursSchema>; acting: Acting },
): Promise<InvoiceRow> {
  const { hours, acting } = input;
  return db.transaction(async (tx) => {
    const client = await findUserById(tx, input.clientId);
    if (!client) throw notFound('Client not found.');
    const rate = client.billingPrefs.hourlyRateCents;
    if (!rate) throw badRequest(invoicingMessages.noHourlyRate);
    const now = new Date();
    const amount = Math.round(hours.hours * rate);
    if (amount > MAX_INVOICE_CENTS) {
      const message = invoicingMessages.hoursTotal(
        formatCents(MAX_INVOICE_CENTS),
        formatCents(rate),
      );
      throw badRequest(message, { hours: message });
    }
    const invoice = await issueInvoice(
      tx,
      {
        clientUserId: client.id,
        packageId: null,
        kind: 'hours',
        items: [
          {
            description: `${hours.description} (${hours.hours} h at ${formatCents(rate)}/h)`,
            quantity: hours.hours,
            unitAmount: rate,
            amount,
          },
        ],
        dueAt: dueDateFor(client, now, config),
      },
      now,
    );
    await recordBilling(
      tx,
      acting,
      client.id,
      `Invoice ${invoice.number} issued for ${hours.hours} h (${formatCents(amount)})`,
      { invoiceId: invoice.id, hours: hours.hours, rateCents: rate, amountCents: amount },
    );
    await invoiceIssuedMail(tx, config, invoice);
    await spendCredit(tx, config, client.id, acting);
    return invoice;
  });
}
