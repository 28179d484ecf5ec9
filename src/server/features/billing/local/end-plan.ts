import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { InvoicingConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { invoices, type UserRow, users } from '#server/db/schema.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import { billingStatusFor } from '#shared/billing-api.ts';
import { formatDate } from '#shared/dates.ts';
import { type EndPlanSchema, ledgerMessages } from '#shared/ledger-actions.ts';
import { unusedCredit } from '#shared/plan-change.ts';
import { planChangedMail } from '../billing-mails.ts';
import { type Acting, recordBilling } from '../provider.ts';
import { creditInvoice } from './credit-notes.ts';
import { findPackage, type InvoiceRow, voidOpenPlanInvoices } from './records.ts';

// An admin ends a client's plan at once (docs/decisions/028-the-books.md), where a client's
// own cancellation waits for the end of the paid period: runs stop now, open plan invoices
// go void, and the unused part of the period may be credited (a credit note against the
// invoice that paid for it, the money then held as account credit).

/** The paid invoice whose period is in force: the one the plan's end date came from. */
async function periodInvoice(tx: Db, client: UserRow): Promise<InvoiceRow | undefined> {
  if (!client.currentPeriodEnd) return undefined;
  const [row] = await tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.clientUserId, client.id),
        eq(invoices.status, 'paid'),
        isNotNull(invoices.packageId),
        eq(invoices.periodEnd, client.currentPeriodEnd),
      ),
    )
    .orderBy(desc(invoices.issuedAt))
    .limit(1)
    .for('update');
  return row;
}

export function endPlanNow(
  db: Db,
  config: InvoicingConfig,
  input: { clientId: string; body: z.output<typeof EndPlanSchema>; acting: Acting },
): Promise<string> {
  const { body, acting } = input;
  return db.transaction(async (tx) => {
    const [client] = await tx
      .select()
      .from(users)
      .where(eq(users.id, input.clientId))
      .for('update');
    if (!client) throw notFound('Client not found.');
    if (client.subscriptionStatus !== 'active' && client.subscriptionStatus !== 'past_due') {
      throw conflict(ledgerMessages.noPlan);
    }
    const now = new Date();
    const paid = await periodInvoice(tx, client);
    const voided = await voidOpenPlanInvoices(tx, client.id);
    await tx
      .update(users)
      .set({
        subscriptionStatus: 'canceled',
        billingStatus: billingStatusFor.canceled,
        currentPeriodEnd: now,
        cancelAtPeriodEnd: false,
        scheduledPackageId: null,
        updatedAt: now,
      })
      .where(eq(users.id, client.id));
    const today = formatDate(now, config.timeZone);
    await recordBilling(
      tx,
      acting,
      client.id,
      `Plan ended at once by an admin (${client.subscriptionPlan}): ${body.reason}`,
      {
        plan: client.subscriptionPlan,
        reason: body.reason,
        periodEnd: client.currentPeriodEnd?.toISOString() ?? null,
        voidedInvoices: voided.map((row) => row.number),
      },
    );
    const credit = body.creditUnused
      ? await creditUnusedDays(tx, config, client, paid, now, acting)
      : null;
    await planChangedMail(tx, config, {
      clientUserId: client.id,
      summary: `Your ${client.subscriptionPlan} plan ended on ${today}: ${body.reason}.${credit ? ` ${credit}` : ''}`,
    });
    return `${client.subscriptionPlan} ended now.${credit ? ` ${credit}` : ''}`;
  });
}

async function creditUnusedDays(
  tx: Db,
  config: InvoicingConfig,
  client: UserRow,
  paid: InvoiceRow | undefined,
  now: Date,
  acting: Acting,
): Promise<string | null> {
  const pkg = paid?.packageId ? await findPackage(tx, paid.packageId) : undefined;
  if (!paid || !pkg || !client.currentPeriodEnd || paid.amountPaid <= 0) return null;
  // Never more than was paid for the period and not already credited.
  const cents = Math.min(
    unusedCredit(pkg, client.currentPeriodEnd, now),
    paid.amount - paid.amountCredited,
  );
  if (cents <= 0) return null;
  const until = formatDate(client.currentPeriodEnd, config.timeZone);
  const issued = await creditInvoice(tx, config, {
    invoice: paid,
    amountCents: cents,
    reason: `Unused ${pkg.name}, ${formatDate(now, config.timeZone)} to ${until}`,
    acting,
  });
  return `Credit note ${issued.number} credits the unused days to the account.`;
}
