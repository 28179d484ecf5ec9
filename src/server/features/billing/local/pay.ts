import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { invoices, type UserRow, users } from '#server/db/schema.ts';
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
import { recordBilling } from '../provider.ts';
import { claimSession, requireOpenSession } from './pay-sessions.ts';
import {
  activateSubscription,
  currentPackage,
  findInvoice,
  findPackage,
  invoiceDescription,
  issueInvoice,
  listPackageRows,
  type PackageRow,
  packageToJson,
} from './records.ts';

// What the local provider's token pages do: show the session, then confirm a checkout,
// change or cancel the plan, or pay an invoice. Each action uses the token once, runs in
// one transaction and is audited (source 'billing') as the client.

interface Context {
  ip: string;
}

// The client acts on their own account through the token pages.
const record = (db: Db, ctx: Context, userId: string, message: string, details = {}) =>
  recordBilling(db, { actorId: userId, ip: ctx.ip }, userId, message, details);

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

export async function getPaySession(db: Db, token: string, now = new Date()): Promise<PaySession> {
  const session = await requireOpenSession(db, token, now);
  const client = await requireClient(db, session.clientUserId);
  const pkg =
    session.kind === 'checkout'
      ? await findPackage(db, session.packageId ?? '')
      : session.kind === 'portal' && isSubscriptionRunning(client.subscriptionStatus)
        ? await currentPackage(db, client.id)
        : undefined;
  const invoice = session.invoiceId ? await findInvoice(db, session.invoiceId) : undefined;
  if (session.kind === 'invoice' && invoice?.status !== 'unpaid') {
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
    },
    packages: session.kind === 'portal' ? (await listPackageRows(db)).map(packageToJson) : [],
    invoice: invoice
      ? {
          id: invoice.id,
          number: invoice.number,
          date: invoice.issuedAt.toISOString(),
          status: invoice.status,
          amount: invoice.amount,
          description: invoice.description,
        }
      : null,
    expiresAt: session.expiresAt.toISOString(),
  };
}

/** Starts (or switches to) a package from `now` and issues its paid invoice. */
async function startPaidPackage(tx: Db, clientUserId: string, pkg: PackageRow, now: Date) {
  await activateSubscription(tx, clientUserId, pkg, now);
  return issueInvoice(
    tx,
    {
      clientUserId,
      packageId: pkg.id,
      description: invoiceDescription(pkg),
      amount: pkg.price,
      status: 'paid',
    },
    now,
  );
}

export function confirmCheckout(db: Db, token: string, ctx: Context): Promise<PayResult> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const session = await claimSession(tx, token, 'checkout', now);
    const pkg = await requirePackage(tx, session.packageId);
    // Two checkouts open in two tabs must not both charge.
    const client = await requireClient(tx, session.clientUserId);
    if (isSubscriptionRunning(client.subscriptionStatus) && (await currentPackage(tx, client.id))) {
      throw conflict(billingApiMessages.alreadyActive);
    }
    const invoice = await startPaidPackage(tx, session.clientUserId, pkg, now);
    await record(
      tx,
      ctx,
      session.clientUserId,
      `Subscribed to ${pkg.name}; invoice ${invoice.number} paid`,
      {
        packageId: pkg.id,
        plan: pkg.plan,
        invoiceId: invoice.id,
        amountCents: invoice.amount,
      },
    );
    return { message: `You are subscribed to ${pkg.name}.`, redirectUrl: payRedirects.checkout };
  });
}

export function changePackage(
  db: Db,
  token: string,
  packageId: string,
  ctx: Context,
): Promise<PayResult> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const session = await claimSession(tx, token, 'portal', now);
    const client = await requireClient(tx, session.clientUserId);
    const pkg = await requirePackage(tx, packageId);
    const running = isSubscriptionRunning(client.subscriptionStatus);
    if (running && (await currentPackage(tx, client.id))?.id === pkg.id) {
      throw conflict(billingApiMessages.samePackage, { packageId: billingApiMessages.samePackage });
    }
    const invoice = await startPaidPackage(tx, client.id, pkg, now);
    await record(
      tx,
      ctx,
      client.id,
      `Plan changed to ${pkg.name}; invoice ${invoice.number} paid`,
      {
        from: { plan: client.subscriptionPlan, status: client.subscriptionStatus },
        packageId: pkg.id,
        plan: pkg.plan,
        invoiceId: invoice.id,
        amountCents: invoice.amount,
      },
    );
    return { message: `Your plan is now ${pkg.name}.`, redirectUrl: payRedirects.changed };
  });
}

export function cancelSubscription(db: Db, token: string, ctx: Context): Promise<PayResult> {
  return db.transaction(async (tx) => {
    const session = await claimSession(tx, token, 'portal');
    const client = await requireClient(tx, session.clientUserId);
    if (
      !isSubscriptionRunning(client.subscriptionStatus) &&
      client.subscriptionStatus !== 'past_due'
    ) {
      throw conflict(billingApiMessages.nothingToCancel);
    }
    await tx
      .update(users)
      .set({
        subscriptionStatus: 'canceled',
        billingStatus: billingStatusFor.canceled,
        updatedAt: new Date(),
      })
      .where(eq(users.id, client.id));
    await record(tx, ctx, client.id, `Subscription cancelled (${client.subscriptionPlan})`, {
      from: client.subscriptionStatus,
      plan: client.subscriptionPlan,
    });
    return { message: 'Your subscription is cancelled.', redirectUrl: payRedirects.cancelled };
  });
}

export function payInvoice(db: Db, token: string, ctx: Context): Promise<PayResult> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const session = await claimSession(tx, token, 'invoice', now);
    const [invoice] = await tx
      .update(invoices)
      .set({ status: 'paid', paidAt: now })
      .where(
        and(
          eq(invoices.id, session.invoiceId ?? ''),
          eq(invoices.clientUserId, session.clientUserId),
          eq(invoices.status, 'unpaid'),
        ),
      )
      .returning();
    if (!invoice) throw conflict(billingApiMessages.invoiceNotUnpaid);
    const client = await requireClient(tx, session.clientUserId);
    // A paid renewal restarts a lapsed subscription on that package, from today.
    const pkg = invoice.packageId ? await findPackage(tx, invoice.packageId) : undefined;
    const reactivate = pkg && !isSubscriptionRunning(client.subscriptionStatus);
    if (reactivate) await activateSubscription(tx, client.id, pkg, now);
    await record(tx, ctx, client.id, `Invoice ${invoice.number} paid`, {
      invoiceId: invoice.id,
      amountCents: invoice.amount,
      reactivated: Boolean(reactivate),
    });
    return { message: `Invoice ${invoice.number} is paid.`, redirectUrl: payRedirects.paid };
  });
}
