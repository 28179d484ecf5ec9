import { and, asc, count, desc, eq, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { invoices, users } from '#server/db/schema.ts';
import {
  ATTENTION_SECTION_SIZE,
  type AttentionItem,
  clientBillingHref,
  PLAN_ENDING_DAYS,
} from '#shared/attention.ts';
import { formatCents } from '#shared/billing.ts';
import { billingToday } from '#shared/billing-dates.ts';
import { formatDate, zoneDayStart } from '#shared/dates.ts';

// Money that needs a word with the client: invoices past their due day (in the billing
// zone, as everything in billing counts days), plans lapsed for want of payment, and plans
// that end within a week (a trial, or a plan cancelled at its period's end).

const DAY_MS = 86_400_000;

const clientText = (name: string, company: string | null) =>
  company ? `${name} (${company})` : name;

async function invoicesPastDue(db: Db, timeZone: string, now: Date) {
  // Past due from the day after the due day: the open-invoice index bounds the read.
  const today = zoneDayStart(billingToday(timeZone, now), timeZone);
  const where = and(
    eq(invoices.status, 'unpaid'),
    lt(invoices.dueAt, today),
    isNull(users.closedAt),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ invoice: invoices, name: users.name, company: users.companyName })
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.clientUserId))
      .where(where)
      .orderBy(desc(invoices.dueAt), desc(invoices.id))
      .limit(ATTENTION_SECTION_SIZE),
    db
      .select({ n: count() })
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.clientUserId))
      .where(where),
  ]);
  const items: AttentionItem[] = rows.map(({ invoice, name, company }) => {
    const due = invoice.amount - invoice.amountPaid - invoice.amountCredited;
    return {
      id: invoice.id,
      kind: 'invoice_past_due',
      title: `Invoice ${invoice.number} past due`,
      detail: `${clientText(name, company)} · ${formatCents(due)} due ${formatDate(invoice.dueAt!, timeZone)}`,
      at: invoice.dueAt!.toISOString(),
      href: clientBillingHref(invoice.clientUserId),
    };
  });
  return { total: counted?.n ?? 0, items };
}

/**
 * Plans lapsed (past_due) and plans ending soon. The users table has no index on these
 * (a migration would add one); the billing job reads it the same way, and ten thousand
 * clients are read in milliseconds.
 */
async function plans(db: Db, timeZone: string, now: Date) {
  const horizon = new Date(now.getTime() + PLAN_ENDING_DAYS * DAY_MS);
  const ending = and(
    gte(users.currentPeriodEnd, now),
    lte(users.currentPeriodEnd, horizon),
    or(
      eq(users.subscriptionStatus, 'trialing'),
      and(eq(users.subscriptionStatus, 'active'), eq(users.cancelAtPeriodEnd, true)),
    ),
  );
  const lapsed = eq(users.subscriptionStatus, 'past_due');
  const where = and(isNull(users.closedAt), or(lapsed, ending));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      // Lapsed first, then the plan that ends soonest.
      .orderBy(
        sql`case when ${users.subscriptionStatus} = 'past_due' then 0 else 1 end`,
        asc(users.currentPeriodEnd),
        asc(users.id),
      )
      .limit(ATTENTION_SECTION_SIZE),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const items: AttentionItem[] = rows.map((user) => {
    const client = clientText(user.name, user.companyName);
    const end = user.currentPeriodEnd;
    const on = end ? formatDate(end, timeZone) : null;
    const base = { id: user.id, href: clientBillingHref(user.id), at: end?.toISOString() ?? null };
    if (user.subscriptionStatus === 'past_due') {
      return {
        ...base,
        kind: 'plan_past_due',
        title: `${client}: plan past due`,
        detail: 'Runs and new schedules are refused until the open invoice is paid.',
      };
    }
    if (user.subscriptionStatus === 'trialing') {
      return {
        ...base,
        kind: 'trial_ending',
        title: `${client}: trial ends ${on}`,
        detail: `On a trial of ${user.subscriptionPlan}.`,
      };
    }
    return {
      ...base,
      kind: 'plan_ending',
      title: `${client}: plan ends ${on}`,
      detail: `${user.subscriptionPlan}, cancelled at the end of its period.`,
    };
  });
  return { total: counted?.n ?? 0, items };
}

/** Invoices past due first (latest due day first), then plans lapsed and ending. */
export async function billingToLookAt(db: Db, timeZone: string, now: Date) {
  const [unpaid, ending] = await Promise.all([
    invoicesPastDue(db, timeZone, now),
    plans(db, timeZone, now),
  ]);
  return {
    total: unpaid.total + ending.total,
    items: [...unpaid.items, ...ending.items].slice(0, ATTENTION_SECTION_SIZE),
  };
}
