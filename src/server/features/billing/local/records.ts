import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { invoices, packages, type UserRow, users } from '#server/db/schema.ts';
import { notFound } from '#server/http/errors.ts';
import type { Package } from '#shared/billing-api.ts';
import { billingStatusFor } from '#shared/billing-api.ts';
import { type InvoiceItem, type InvoiceKind, invoicingMessages } from '#shared/invoicing.ts';
import { salesTaxCents } from '#shared/ledger-actions.ts';
import { billToLines } from './invoice-details.ts';

// The local provider's records: packages, invoices and the subscription columns on the
// user. Money is integer cents; invoice numbers are INV-000123, unique and gap-free.
// Invoices are issued open; only a recorded payment settles one (invoicing.ts).

export type PackageRow = typeof packages.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

/** Arbitrary constant: the advisory lock key that serialises invoice numbering. */
const INVOICE_NUMBER_LOCK = 7_240_114;

export const packageToJson = (row: PackageRow): Package => ({
  id: row.id,
  name: row.name,
  description: row.description,
  price: row.price,
  interval: row.interval,
  plan: row.plan,
});

export const listPackageRows = (db: Db) =>
  db.select().from(packages).orderBy(asc(packages.sortOrder), asc(packages.price));

export async function findPackage(db: Db, id: string): Promise<PackageRow | undefined> {
  const [row] = await db.select().from(packages).where(eq(packages.id, id));
  return row;
}

/** One month or one year later, in UTC (Jan 31 + 1 month gives the last day of Feb + 3). */
export function addInterval(from: Date, interval: PackageRow['interval']): Date {
  const next = new Date(from);
  if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

export const formatInvoiceNumber = (n: number) => `INV-${String(n).padStart(6, '0')}`;

export interface NewInvoice {
  clientUserId: string;
  packageId: string | null;
  kind: InvoiceKind;
  items: InvoiceItem[];
  dueAt: Date;
  periodStart?: Date | null;
  periodEnd?: Date | null;
}

/** Issues an open invoice with the next number. Call inside a transaction. */
export async function issueInvoice(
  tx: Db,
  input: NewInvoice,
  now = new Date(),
): Promise<InvoiceRow> {
  // Several instances may issue at once: the lock makes max()+1 safe until commit.
  await lockInvoiceNumbers(tx);
  const [last] = await tx
    .select({
      n: sql<number>`coalesce(max(substring(${invoices.number} from 5)::int), 0)`.mapWith(Number),
    })
    .from(invoices)
    .where(sql`${invoices.number} ~ '^INV-[0-9]+$'`);
  const [client] = await tx.select().from(users).where(eq(users.id, input.clientUserId));
  if (!client) throw new Error('client vanished');
  const subtotal = input.items.reduce((sum, item) => sum + item.amount, 0);
  // The client's sales tax and address as they are today: a later change leaves this be.
  const taxRate = client.billingPrefs.salesTaxMilliPercent ?? null;
  const taxCents = salesTaxCents(subtotal, taxRate);
  const [row] = await tx
    .insert(invoices)
    .values({
      number: formatInvoiceNumber((last?.n ?? 0) + 1),
      clientUserId: input.clientUserId,
      packageId: input.packageId,
      kind: input.kind,
      items: input.items,
      description: input.items.map((item) => item.description).join('; '),
      status: 'unpaid',
      amount: subtotal + taxCents,
      taxCents,
      taxRateMilliPercent: taxCents ? taxRate : null,
      billTo: billToLines(client),
      issuedAt: now,
      dueAt: input.dueAt,
      periodStart: input.periodStart ?? null,
      periodEnd: input.periodEnd ?? null,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Serialises invoice numbering, and the checks made before issuing, across instances. */
export const lockInvoiceNumbers = (tx: Db) =>
  tx.execute(sql`select pg_advisory_xact_lock(${INVOICE_NUMBER_LOCK})`);

/** One line: the package for one interval. */
export const packageItem = (pkg: PackageRow, what = 'subscription'): InvoiceItem => ({
  description: invoiceDescription(pkg, what),
  quantity: 1,
  unitAmount: pkg.price,
  amount: pkg.price,
});

export const invoiceDescription = (pkg: PackageRow, what = 'subscription') =>
  `${pkg.name} ${what}, one ${pkg.interval}`;

/** Puts the client on a package's plan, active until `periodEnd`. */
export async function activateSubscription(
  tx: Db,
  userId: string,
  pkg: PackageRow,
  periodEnd: Date,
): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({
      subscriptionPlan: pkg.plan,
      subscriptionStatus: 'active',
      billingStatus: billingStatusFor.active,
      currentPeriodEnd: periodEnd,
      // A paid period starts afresh: no end or downgrade left over from the one before.
      cancelAtPeriodEnd: false,
      scheduledPackageId: null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error('client vanished');
  return row;
}

/** The unpaid invoice for a package (first, changed or renewed), if one is open. */
export async function openPlanInvoice(db: Db, userId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.clientUserId, userId),
        eq(invoices.status, 'unpaid'),
        isNotNull(invoices.packageId),
      ),
    )
    .orderBy(desc(invoices.issuedAt))
    .limit(1);
  return row;
}

/** The package of the client's latest paid invoice: what they are subscribed to. */
export async function currentPackage(db: Db, userId: string): Promise<PackageRow | undefined> {
  const [row] = await db
    .select({ pkg: packages })
    .from(invoices)
    .innerJoin(packages, eq(packages.id, invoices.packageId))
    .where(
      and(
        eq(invoices.clientUserId, userId),
        eq(invoices.status, 'paid'),
        isNotNull(invoices.packageId),
      ),
    )
    .orderBy(desc(invoices.issuedAt))
    .limit(1);
  return row?.pkg;
}

/** The client's invoice, locked for a change in this transaction; 404 when not theirs. */
export async function lockClientInvoice(
  tx: Db,
  clientId: string,
  invoiceId: string,
): Promise<InvoiceRow> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.clientUserId, clientId)))
    .for('update');
  if (!invoice) throw notFound(invoicingMessages.invoiceNotFound);
  return invoice;
}

export async function findInvoice(db: Db, id: string): Promise<InvoiceRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

export const listInvoiceRows = (db: Db, userId: string) =>
  db
    .select()
    .from(invoices)
    .where(eq(invoices.clientUserId, userId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.number))
    .limit(100);

/** Cancelling in the portal voids the plan invoices still open. */
export const voidOpenPlanInvoices = (tx: Db, clientId: string) =>
  tx
    .update(invoices)
    .set({ status: 'void' })
    .where(
      and(
        eq(invoices.clientUserId, clientId),
        eq(invoices.status, 'unpaid'),
        isNotNull(invoices.packageId),
      ),
    )
    .returning({ number: invoices.number });
