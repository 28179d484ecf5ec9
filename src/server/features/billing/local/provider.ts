import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { InvoicingConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { invoicePayments, type UserRow, users } from '#server/db/schema.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { notFound } from '#server/http/errors.ts';
import { billingApiMessages, type Invoice } from '#shared/billing-api.ts';
import type { InvoiceLinks } from '../invoice-links.ts';
import { type Acting, type BillingProvider, recordBilling, syncStatusOf } from '../provider.ts';
import { ledgerLinesOf } from './invoice-ledger.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { invoicePackage } from './invoicing.ts';
import { stillDue } from './ledger.ts';
import { endLocalSubscription } from './pay.ts';
import { createPaySession } from './pay-sessions.ts';
import {
  findInvoice,
  findPackage,
  type InvoiceRow,
  listInvoiceRows,
  listPackageRows,
  packageToJson,
} from './records.ts';

// The default provider: invoicing in the database (docs/decisions/014). Choosing a package
// issues an invoice with payment instructions; an admin records the payment. CRM tools
// make local ids so the admin screens work without Zoho.

export interface LocalProviderDeps {
  db: Db;
  publicUrl: string;
  links: InvoiceLinks;
  invoicing: InvoicingConfig;
}

const localId = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex').toUpperCase()}`;

export function createLocalProvider({
  db,
  publicUrl,
  links,
  invoicing,
}: LocalProviderDeps): BillingProvider {
  const record = (acting: Acting, userId: string, message: string, details = {}) =>
    recordBilling(db, acting, userId, message, details);

  async function toJson(
    row: InvoiceRow,
    acting: Acting,
    notes: Map<string, string[]>,
  ): Promise<Invoice> {
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
      dueDate: row.dueAt?.toISOString() ?? null,
      pdfUrl: await links.pdfUrl(row.id),
      paymentUrl: payToken ? `${publicUrl}/pay/invoice/${payToken}` : null,
      voidReason: row.voidReason,
      notes: notes.get(row.id) ?? [],
      amountDue: row.status === 'unpaid' ? stillDue(row) : 0,
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

    billingStatus: async (owner) => owner.billingStatus,

    async listInvoices(owner, acting) {
      const rows = await listInvoiceRows(db, owner.id);
      const notes = await ledgerLinesOf(
        db,
        rows.map((row) => row.id),
        invoicing.timeZone,
      );
      return Promise.all(rows.map((row) => toJson(row, acting, notes)));
    },

    async startCheckout(owner, packageId, acting) {
      const pkg = await findPackage(db, packageId);
      if (!pkg) throw notFound(billingApiMessages.packageNotFound);
      const { invoice } = await invoicePackage(db, invoicing, {
        clientId: owner.id,
        pkg,
        acting,
        change: false,
      });
      // "Checkout" is the invoice with how to pay it: no button pays without paying.
      const token = await createPaySession(db, {
        clientUserId: owner.id,
        kind: 'invoice',
        invoiceId: invoice.id,
      });
      return `${publicUrl}/pay/invoice/${token}`;
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

    async cancelForClosure(owner, acting) {
      await db.transaction((tx) => endLocalSubscription(tx, owner, acting));
    },

    ownsInvoice: async (owner, invoiceId) =>
      (await findInvoice(db, invoiceId))?.clientUserId === owner.id,

    async invoicePdf(invoiceId) {
      const invoice = await findInvoice(db, invoiceId);
      const client = invoice ? await findUserById(db, invoice.clientUserId) : undefined;
      if (!invoice || !client) return null;
      // A reversed payment paid nothing: the invoice was not paid on its day.
      const payments = await db
        .select({ paidOn: invoicePayments.paidOn })
        .from(invoicePayments)
        .where(and(eq(invoicePayments.invoiceId, invoice.id), isNull(invoicePayments.reversedAt)));
      const notes = await ledgerLinesOf(db, [invoice.id], invoicing.timeZone);
      const pdf = await renderInvoicePdf(
        invoice,
        client,
        invoicing.instructions,
        invoicing.timeZone,
        payments.map((p) => p.paidOn),
        notes.get(invoice.id) ?? [],
      );
      return { filename: `${invoice.number}.pdf`, pdf };
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
      await record(acting, client.id, `Billing status checked: ${client.billingStatus}`);
      return syncStatusOf(client);
    },
  };
}
