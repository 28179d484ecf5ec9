import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { type UserRow, users } from '#server/db/schema.ts';
import { conflict, forbidden, notFound } from '#server/http/errors.ts';
import type { ZohoClient } from '#server/integrations/zoho/client.ts';
import { ZohoError } from '#server/integrations/zoho/types.ts';
import { billingApiMessages, type Package, payRedirects } from '#shared/billing-api.ts';
import { impersonationMessages } from '#shared/impersonation.ts';
import type { InvoiceLinks } from '../invoice-links.ts';
import {
  type Acting,
  type BillingProvider,
  ProviderError,
  recordBilling,
  syncStatusOf,
} from '../provider.ts';
import {
  currentSubscriptionOf,
  dateFromZoho,
  invoiceStatusFromZoho,
  packageFromZoho,
  statusFromZoho,
  toCents,
} from './mapping.ts';
import { applyZohoSubscription } from './sync.ts';

// Billing in Zoho Billing: its plans are the packages, its hosted pages take payment and
// card updates, its invoices are listed live. The subscription columns follow Zoho
// through the webhook (zoho-webhook.ts) and the admin's sync.

export interface ZohoProviderDeps {
  db: Db;
  zoho: ZohoClient;
  publicUrl: string;
  links: InvoiceLinks;
  log: FastifyBaseLogger;
}

export function createZohoProvider(deps: ZohoProviderDeps): BillingProvider {
  const { db, zoho, publicUrl, links, log } = deps;
  const record = (acting: Acting, userId: string, message: string, details = {}) =>
    recordBilling(db, acting, userId, message, details);

  /**
   * Zoho trouble is not the caller's fault: log the detail and answer 502, plainly to a
   * client and with Zoho's code and message to an admin's CRM tool (ProviderError).
   */
  async function upstream<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof ZohoError)) throw error;
      log.error(
        { err: error, zohoStatus: error.status, zohoCode: error.code },
        `Zoho: ${what} failed`,
      );
      const code = error.code === undefined ? '' : ` (Zoho code ${error.code})`;
      throw new ProviderError(`${error.message}${code}`);
    }
  }

  async function packages(): Promise<Package[]> {
    const plans = await upstream('list plans', () => zoho.listPlans());
    return plans.flatMap((plan) => packageFromZoho(plan) ?? []);
  }

  async function save(client: UserRow, values: Partial<UserRow>): Promise<UserRow> {
    const [row] = await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, client.id))
      .returning();
    return row ?? client;
  }

  /** The client's Zoho Billing customer, created on first need. */
  async function ensureCustomer(client: UserRow, acting: Acting): Promise<string> {
    if (client.zohoSubscriptionsCustomerId) return client.zohoSubscriptionsCustomerId;
    const customerId = await upstream('create customer', () =>
      zoho.createCustomer({
        display_name: client.companyName || client.name,
        email: client.email,
        ...(client.companyName && { company_name: client.companyName }),
      }),
    );
    await save(client, { zohoSubscriptionsCustomerId: customerId });
    await record(acting, client.id, 'Zoho Billing customer created', { customerId });
    return customerId;
  }

  async function zohoInvoices(owner: UserRow) {
    const customerId = owner.zohoSubscriptionsCustomerId;
    if (!customerId) return [];
    return upstream('list invoices', () => zoho.listInvoices(customerId));
  }

  /** The customer's subscription that is not over, if any (list items are enough here). */
  async function currentSubscription(customerId: string) {
    const listed = currentSubscriptionOf(
      await upstream('list subscriptions', () => zoho.listSubscriptions(customerId)),
    );
    return listed && statusFromZoho(listed.status) !== 'canceled' ? listed : null;
  }

  /** A CRM contact for the client, under its company's Account (a lookup: its id). */
  async function newContact(client: UserRow) {
    const [first, ...rest] = client.name.trim().split(/\s+/);
    const account = client.companyName ? await zoho.crmAccountId(client.companyName) : null;
    return zoho.createCrmContact({
      ...(rest.length > 0 && { First_Name: first }),
      Last_Name: rest.length > 0 ? rest.join(' ') : first || client.email,
      Email: client.email,
      ...(account && { Account_Name: { id: account } }),
    });
  }

  return {
    name: 'zoho',

    listPackages: packages,

    billingStatus: async (owner) => owner.billingStatus,

    async listInvoices(owner, acting) {
      return Promise.all(
        (await zohoInvoices(owner)).map(async (invoice) => {
          const status = invoiceStatusFromZoho(invoice);
          return {
            id: invoice.invoice_id,
            number: invoice.number,
            date: (dateFromZoho(invoice.invoice_date) ?? new Date(0)).toISOString(),
            status,
            amount: toCents(invoice.total),
            description: `Invoice ${invoice.number}`,
            dueDate: dateFromZoho(invoice.due_date)?.toISOString() ?? null,
            pdfUrl: await links.pdfUrl(invoice.invoice_id),
            // Zoho's hosted invoice page takes the payment: never offered to a test session.
            paymentUrl:
              status === 'unpaid' && !acting.impersonatorId ? (invoice.invoice_url ?? null) : null,
          };
        }),
      );
    },

    async startCheckout(owner, packageId, acting) {
      const pkg = (await packages()).find((p) => p.id === packageId);
      if (!pkg) throw notFound(billingApiMessages.packageNotFound);
      if (owner.zohoSubscriptionId && owner.subscriptionStatus === 'active') {
        throw conflict(billingApiMessages.alreadyActive);
      }
      const customerId = await ensureCustomer(owner, acting);
      const redirect_url = `${publicUrl}${payRedirects.checkout}`;
      // A subscription that is not over (trial, dunning, paused…) is changed, never doubled.
      const current = await currentSubscription(customerId);
      const page = current
        ? await upstream('update subscription page', () =>
            zoho.updateSubscriptionPage({
              subscription_id: current.subscription_id,
              plan_code: pkg.id,
              redirect_url,
            }),
          )
        : await upstream('new subscription page', () =>
            zoho.newSubscriptionPage({ customer_id: customerId, plan_code: pkg.id, redirect_url }),
          );
      const kind = current ? 'update-subscription' : 'new-subscription';
      await record(acting, owner.id, `Checkout started for ${pkg.name} (Zoho ${kind} page)`, {
        packageId: pkg.id,
        hostedPageId: page.hostedpage_id,
        ...(current && { subscriptionId: current.subscription_id }),
      });
      return page.url;
    },

    async portalUrl(owner, acting) {
      // Zoho's page updates the card: a money action, refused to an admin's test session.
      if (acting.impersonatorId) throw forbidden(impersonationMessages.notAvailable);
      const subscriptionId = owner.zohoSubscriptionId;
      if (!subscriptionId) throw conflict(billingApiMessages.noSubscription);
      const page = await upstream('update card page', () =>
        zoho.updateCardPage({
          subscription_id: subscriptionId,
          redirect_url: `${publicUrl}/billing`,
        }),
      );
      await record(acting, owner.id, 'Billing portal opened (Zoho hosted page)', {
        hostedPageId: page.hostedpage_id,
      });
      return page.url;
    },

    async cancelForClosure(owner, acting) {
      const customerId = owner.zohoSubscriptionsCustomerId;
      const current = customerId ? await currentSubscription(customerId) : null;
      if (!current) return;
      const canceled = await upstream('cancel subscription', () =>
        zoho.cancelSubscription(current.subscription_id),
      );
      await applyZohoSubscription(db, owner, canceled, {
        actorId: acting.actorId,
        ip: acting.ip,
        via: 'account closed',
      });
    },

    ownsInvoice: async (owner, invoiceId) =>
      (await zohoInvoices(owner)).some((invoice) => invoice.invoice_id === invoiceId),

    async invoicePdf(invoiceId) {
      const pdf = await upstream('invoice PDF', () => zoho.invoicePdf(invoiceId));
      return pdf ? { filename: `invoice-${invoiceId}.pdf`, pdf } : null;
    },

    async createContact(client, acting) {
      if (client.zohoCRMContactId) return client.zohoCRMContactId;
      // Search first: a second click, or a contact made by hand in Zoho, is linked, not doubled.
      const existing = await upstream('find CRM contact', () => zoho.findCrmContact(client.email));
      const contactId =
        existing ?? (await upstream('create CRM contact', () => newContact(client)));
      await save(client, {
        zohoCRMContactId: contactId,
        ...(!client.zohoContactId && { zohoContactId: contactId }),
      });
      const message = existing ? 'Zoho CRM contact found and linked' : 'Zoho CRM contact created';
      await record(acting, client.id, message, { contactId });
      return contactId;
    },

    async provision(client, acting) {
      const existed = Boolean(client.zohoSubscriptionsCustomerId);
      const customerId = await ensureCustomer(client, acting);
      const created = [...(existed ? [] : ['Zoho Billing customer'])];
      // Books and Desk, when configured: found by e-mail or created, once each.
      const contact = { name: client.name, email: client.email, companyName: client.companyName };
      const apps: [string, keyof UserRow, boolean, () => Promise<string>][] = [
        [
          'Zoho Books contact',
          'zohoBooksContactId',
          zoho.booksEnabled,
          () => zoho.booksContactId(contact),
        ],
        [
          'Zoho Desk contact',
          'zohoDeskContactId',
          zoho.deskEnabled,
          () => zoho.deskContactId(contact),
        ],
      ];
      for (const [label, field, enabled, find] of apps) {
        if (!enabled || client[field]) continue;
        const id = await upstream(`provision ${label}`, find);
        await save(client, { [field]: id });
        await record(acting, client.id, `${label} linked`, { [field]: id });
        created.push(label);
      }
      return {
        message: created.length ? `${created.join(', ')} created.` : 'Already provisioned.',
        customerId,
        subscriptionId: client.zohoSubscriptionId,
      };
    },

    async syncStatus(client, acting) {
      const { zohoSubscriptionId: id, zohoSubscriptionsCustomerId: customerId } = client;
      // The customer's current subscription (a newer one may replace the stored id), read
      // in full: the list's items are flat.
      const listed = customerId
        ? currentSubscriptionOf(
            await upstream('list subscriptions', () => zoho.listSubscriptions(customerId)),
          )
        : null;
      const fullId = listed?.subscription_id ?? id;
      const subscription = fullId
        ? await upstream('get subscription', () => zoho.getSubscription(fullId))
        : null;
      if (!subscription) {
        await record(acting, client.id, 'Billing status checked: no Zoho subscription');
        return syncStatusOf(client);
      }
      const row = await applyZohoSubscription(db, client, subscription, {
        actorId: acting.actorId,
        ip: acting.ip,
        via: 'admin sync',
      });
      return syncStatusOf(row);
    },
  };
}
