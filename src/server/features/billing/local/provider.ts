import { randomBytes } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { type UserRow, users } from '#server/db/schema.ts';
import { audit } from '#server/domain/audit/audit.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import { isSubscriptionRunning } from '#shared/billing.ts';
import { billingApiMessages, billingStatusFor, type Invoice } from '#shared/billing-api.ts';
import type { InvoiceLinks } from '../invoice-links.ts';
import { type Acting, type BillingProvider, recordBilling, syncStatusOf } from '../provider.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { createPaySession } from './pay-sessions.ts';
import {
  currentPackage,
  findInvoice,
  findPackage,
  type InvoiceRow,
  invoiceDescription,
  issueInvoice,
  listInvoiceRows,
  listPackageRows,
  packageToJson,
} from './records.ts';

// The default provider: everything in the database, paid through the built-in token
// pages. CRM tools make local ids so the admin screens work without Zoho.

export interface LocalProviderDeps {
  db: Db;
  publicUrl: string;
  links: InvoiceLinks;
}

const localId = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex').toUpperCase()}`;

export function createLocalProvider({ db, publicUrl, links }: LocalProviderDeps): BillingProvider {
  const record = (acting: Acting, userId: string, message: string, details = {}) =>
    recordBilling(db, acting, userId, message, details);

  /**
   * A subscription past its period end renews: an unpaid invoice for the same package and
   * status past_due until it is paid. Checked when billing is read, so no job is needed;
   * the conditional update makes it happen once even with concurrent reads.
   */
  async function renewIfDue(owner: UserRow, now = new Date()): Promise<UserRow> {
    const end = owner.currentPeriodEnd;
    if (owner.subscriptionStatus !== 'active' || !end || end > now) return owner;
    const pkg = await currentPackage(db, owner.id);
    if (!pkg) return owner;
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({
          subscriptionStatus: 'past_due',
          billingStatus: billingStatusFor.past_due,
          updatedAt: now,
        })
        .where(
          and(
            eq(users.id, owner.id),
            eq(users.subscriptionStatus, 'active'),
            lte(users.currentPeriodEnd, now),
          ),
        )
        .returning();
      if (!row) return (await findUserById(tx, owner.id)) ?? owner;
      const invoice = await issueInvoice(tx, {
        clientUserId: owner.id,
        packageId: pkg.id,
        description: invoiceDescription(pkg, 'renewal'),
        amount: pkg.price,
        status: 'unpaid',
      });
      await audit(tx, {
        level: 'warning',
        source: 'billing',
        message: `Renewal due: invoice ${invoice.number} issued, subscription past due`,
        userId: owner.id,
        details: {
          invoiceId: invoice.id,
          amountCents: invoice.amount,
          periodEnd: end.toISOString(),
        },
      });
      return row;
    });
  }

  async function toJson(row: InvoiceRow, acting: Acting): Promise<Invoice> {
    // Pay Now links expire within the hour, so each listing mints a fresh one.
    const payToken =
      row.status === 'unpaid'
        ? await createPaySession(db, {
            clientUserId: row.clientUserId,
            kind: 'invoice',
            invoiceId: row.id,
            impersonatorId: acting.impersonatorId,
          })
        : null;
    return {
      id: row.id,
      number: row.number,
      date: row.issuedAt.toISOString(),
      status: row.status,
      amount: row.amount,
      description: row.description,
      pdfUrl: await links.pdfUrl(row.id),
      paymentUrl: payToken ? `${publicUrl}/pay/invoice/${payToken}` : null,
    };
  }

  async function saveIds(
    client: UserRow,
    values: Partial<UserRow>,
    acting: Acting,
    message: string,
  ) {
    const [row] = await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, client.id))
      .returning();
    await record(acting, client.id, message, values);
    return row ?? client;
  }

  return {
    name: 'local',

    listPackages: async () => (await listPackageRows(db)).map(packageToJson),

    billingStatus: async (owner) => (await renewIfDue(owner)).billingStatus,

    async listInvoices(owner, acting) {
      await renewIfDue(owner);
      return Promise.all((await listInvoiceRows(db, owner.id)).map((row) => toJson(row, acting)));
    },

    async startCheckout(owner, packageId, acting) {
      const pkg = await findPackage(db, packageId);
      if (!pkg) throw notFound(billingApiMessages.packageNotFound);
      if (isSubscriptionRunning(owner.subscriptionStatus) && (await currentPackage(db, owner.id))) {
        throw conflict(billingApiMessages.alreadyActive);
      }
      const token = await createPaySession(db, {
        clientUserId: owner.id,
        kind: 'checkout',
        packageId: pkg.id,
      });
      await record(acting, owner.id, `Checkout started for ${pkg.name}`, {
        packageId: pkg.id,
        priceCents: pkg.price,
      });
      return `${publicUrl}/pay/checkout/${token}`;
    },

    async portalUrl(owner, acting) {
      const token = await createPaySession(db, {
        clientUserId: owner.id,
        kind: 'portal',
        impersonatorId: acting.impersonatorId,
      });
      await record(acting, owner.id, 'Billing portal opened');
      return `${publicUrl}/pay/portal/${token}`;
    },

    ownsInvoice: async (owner, invoiceId) =>
      (await findInvoice(db, invoiceId))?.clientUserId === owner.id,

    async invoicePdf(invoiceId) {
      const invoice = await findInvoice(db, invoiceId);
      const client = invoice ? await findUserById(db, invoice.clientUserId) : undefined;
      if (!invoice || !client) return null;
      return { filename: `${invoice.number}.pdf`, pdf: await renderInvoicePdf(invoice, client) };
    },

    async createContact(client, acting) {
      if (client.zohoContactId) return client.zohoContactId;
      const contactId = localId('LC');
      await saveIds(
        client,
        { zohoContactId: contactId },
        acting,
        'Contact created (local billing)',
      );
      return contactId;
    },

    async provision(client, acting) {
      const values: Partial<UserRow> = {};
      if (!client.zohoSubscriptionsCustomerId) values.zohoSubscriptionsCustomerId = localId('LCUS');
      if (!client.zohoSubscriptionId) values.zohoSubscriptionId = localId('LSUB');
      const row = Object.keys(values).length
        ? await saveIds(client, values, acting, 'Billing customer provisioned (local billing)')
        : client;
      return {
        message: Object.keys(values).length ? 'Provisioned.' : 'Already provisioned.',
        customerId: row.zohoSubscriptionsCustomerId ?? '',
        subscriptionId: row.zohoSubscriptionId,
      };
    },

    async syncStatus(client, acting) {
      const row = await renewIfDue(client);
      await record(acting, client.id, `Billing status checked: ${row.billingStatus}`);
      return syncStatusOf(row);
    },
  };
}
