import { eq } from 'drizzle-orm';
import type { InvoicingConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { type UserRow, users } from '#server/db/schema.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import { isSubscriptionRunning } from '#shared/billing.ts';
import {
  billingApiMessages,
  billingStatusFor,
  type PayResult,
  type PaySession,
  payRedirects,
} from '#shared/billing-api.ts';
import { isDowngrade } from '#shared/plan-change.ts';
import type { InvoiceLinks } from '../invoice-links.ts';
import { recordBilling } from '../provider.ts';
import { ledgerLinesOf } from './invoice-ledger.ts';
import { invoicePackage } from './invoicing.ts';
import { claimSession, requireOpenSession } from './pay-sessions.ts';
import { cancelAtPeriodEnd, resumePlan, scheduleDowngrade } from './plan-changes.ts';
import {
  currentPackage,
  findInvoice,
  findPackage,
  type InvoiceRow,
  listPackageRows,
  openPlanInvoice,
  type PackageRow,
  packageToJson,
  voidOpenPlanInvoices,
} from './records.ts';
import { isReplaceable } from './replace-plan-invoice.ts';

// What the local provider's token pages do: show an invoice with how to pay it, or the
// portal, where a client asks for another plan (an invoice is issued) or cancels. No page
// takes a payment (docs/decisions/014); each action uses its token once and is audited
// (source 'billing') as the client.

interface Context {
  ip: string;
}

async function requireClient(db: Db, id: string): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row) throw notFound(billingApiMessages.sessionGone);
  return row;
}

async function requirePackage(db: Db, id: string | null): Promise<PackageRow> {
  const row = id ? await findPackage(db, id) : undefined;
  if (!row) throw notFound(billingApiMessages.packageNotFound);
  return row;
}

export interface PayPageDeps {
  db: Db;
  links: InvoiceLinks;
  invoicing: InvoicingConfig;
}

async function invoiceView(
  db: Db,
  links: InvoiceLinks,
  invoice: InvoiceRow,
  timeZone: string,
  portal: boolean,
) {
  const notes = await ledgerLinesOf(db, [invoice.id], timeZone);
  return {
    id: invoice.id,
    number: invoice.number,
    date: invoice.issuedAt.toISOString(),
    status: invoice.status,
    amount: invoice.amount,
    description: invoice.description,
    dueDate: invoice.dueAt?.toISOString() ?? null,
    pdfUrl: await links.pdfUrl(invoice.id),
    items: invoice.items,
    amountPaid: invoice.amountPaid,
    amountCredited: invoice.amountCredited,
    taxCents: invoice.taxCents,
    taxRateMilliPercent: invoice.taxRateMilliPercent,
    billingAddress: invoice.billTo.slice(1),
    notes: notes.get(invoice.id) ?? [],
    ...(portal && { replaceable: await isReplaceable(db, invoice) }),
  };
}

export async function getPaySession(
  { db, links, invoicing }: PayPageDeps,
  token: string,
  now = new Date(),
): Promise<PaySession> {
  const session = await requireOpenSession(db, token, now);
  const client = await requireClient(db, session.clientUserId);
  const pkg =
    session.kind === 'checkout'
      ? await findPackage(db, session.packageId ?? '')
      : session.kind === 'portal' && isSubscriptionRunning(client.subscriptionStatus)
        ? await currentPackage(db, client.id)
        : undefined;
  const invoice =
    session.kind === 'portal'
      ? await openPlanInvoice(db, client.id)
      : session.invoiceId
        ? await findInvoice(db, session.invoiceId)
        : undefined;
  const scheduled =
    session.kind === 'portal' && client.scheduledPackageId
      ? await findPackage(db, client.scheduledPackageId)
      : undefined;
  if (session.kind === 'invoice' && (!invoice || invoice.clientUserId !== client.id)) {
    throw notFound(billingApiMessages.sessionGone);
  }
  return {
    kind: session.kind,
    client: { name: client.name, email: client.email, companyName: client.companyName },
    package: pkg ? packageToJson(pkg) : null,
    subscription: {
      plan: client.subscriptionPlan,
      status: client.subscriptionStatus,
      billingStatus: client.billingStatus,
      currentPeriodEnd: client.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: client.cancelAtPeriodEnd,
      scheduledPackage: scheduled ? packageToJson(scheduled) : null,
    },
    packages: session.kind === 'portal' ? (await listPackageRows(db)).map(packageToJson) : [],
    invoice: invoice
      ? await invoiceView(db, links, invoice, invoicing.timeZone, session.kind === 'portal')
      : null,
    instructions: session.kind === 'invoice' ? invoicing.instructions : null,
    billingTimeZone: invoicing.timeZone,
    expiresAt: session.expiresAt.toISOString(),
  };
}

/**
 * A plan change from the portal: an invoice for the new package, which starts when an
 * admin records its payment. The token is used up either way.
 */
export function changePackage(
  { db, invoicing }: PayPageDeps,
  token: string,
  packageId: string,
  ctx: Context,
): Promise<PayResult> {
  return db.transaction(async (tx) => {
    const session = await claimSession(tx, token, 'portal');
    const pkg = await requirePackage(tx, packageId);
    const client = await requireClient(tx, session.clientUserId);
    const acting = { actorId: client.id, ip: ctx.ip };
    const current = await currentPackage(tx, client.id);
    // A downgrade of a paid period waits for its renewal (plan-changes.ts).
    if (client.subscriptionStatus === 'active' && current && current.id !== pkg.id) {
      if (isDowngrade(current, pkg)) {
        const message = await scheduleDowngrade(
          tx,
          client,
          current,
          pkg,
          acting,
          invoicing.timeZone,
        );
        return { message, redirectUrl: payRedirects.scheduled };
      }
    }
    // A savepoint inside this transaction: a refusal leaves the link unused.
    const { invoice, replaced } = await invoicePackage(tx, invoicing, {
      clientId: client.id,
      pkg,
      acting,
      change: isSubscriptionRunning(client.subscriptionStatus),
    });
    const instead = replaced.length ? ` in place of ${replaced.join(', ')}, now void` : '';
    return {
      message: `Invoice ${invoice.number} for ${pkg.name} is issued${instead}. Your plan changes when it is paid.`,
      redirectUrl: payRedirects.invoiced,
    };
  });
}

export function cancelSubscription(
  { db, invoicing }: PayPageDeps,
  token: string,
  ctx: Context,
): Promise<PayResult> {
  return db.transaction(async (tx) => {
    const session = await claimSession(tx, token, 'portal');
    const client = await requireClient(tx, session.clientUserId);
    const acting = { actorId: client.id, ip: ctx.ip };
    if (client.cancelAtPeriodEnd) throw conflict(billingApiMessages.alreadyEnding);
    // A paid period runs to its end; anything else (pending, overdue, a trial) ends now.
    const ending = await cancelAtPeriodEnd(tx, client, acting, invoicing.timeZone);
    if (ending) return { message: ending, redirectUrl: payRedirects.ending };
    if (!(await endLocalSubscription(tx, client, acting))) {
      throw conflict(billingApiMessages.nothingToCancel);
    }
    return { message: 'Your subscription is cancelled.', redirectUrl: payRedirects.cancelled };
  });
}

/** Undoes a cancellation at period end, before the period is over. */
export function resumeSubscription(
  { db, invoicing }: PayPageDeps,
  token: string,
  ctx: Context,
): Promise<PayResult> {
  return db.transaction(async (tx) => {
    const session = await claimSession(tx, token, 'portal');
    const client = await requireClient(tx, session.clientUserId);
    const acting = { actorId: client.id, ip: ctx.ip };
    const resumed = await resumePlan(tx, client, acting, invoicing.timeZone);
    if (!resumed) throw conflict(billingApiMessages.nothingToResume);
    return { message: resumed, redirectUrl: payRedirects.resumed };
  });
}

/**
 * Cancels a running, overdue or pending local subscription at once: open plan invoices go
 * void. False when there was nothing to cancel. Used by the portal page and by closing an
 * account, which must not be charged again.
 */
export async function endLocalSubscription(
  db: Db,
  client: UserRow,
  acting: { actorId: string; ip: string },
): Promise<boolean> {
  const pending = client.subscriptionStatus === 'incomplete';
  if (
    !isSubscriptionRunning(client.subscriptionStatus) &&
    client.subscriptionStatus !== 'past_due' &&
    !pending
  ) {
    return false;
  }
  const voided = await voidOpenPlanInvoices(db, client.id);
  await db
    .update(users)
    .set({
      subscriptionStatus: 'canceled',
      billingStatus: billingStatusFor.canceled,
      updatedAt: new Date(),
    })
    .where(eq(users.id, client.id));
  await recordBilling(
    db,
    acting,
    client.id,
    `Subscription cancelled (${client.subscriptionPlan})`,
    {
      from: client.subscriptionStatus,
      plan: client.subscriptionPlan,
      voidedInvoices: voided.map((row) => row.number),
    },
  );
  return true;
}
