import type { UserRow } from '#server/db/schema.ts';
import { type BillingProvider, syncStatusOf } from '../provider.ts';
import type { ZohoContext } from './context.ts';
import { ensureCustomer } from './customer.ts';
import { applyZohoSubscription, zohoSubscriptionNow } from './sync.ts';

// The admin's CRM tools (SPEC §7 Admin, /admin/zoho): the client's CRM contact, its
// customer and contacts in every Zoho app used, and its status read back from Zoho.

type AdminTools = Pick<BillingProvider, 'createContact' | 'provision' | 'syncStatus'>;

export function zohoAdminTools(ctx: ZohoContext): AdminTools {
  const { db, zoho, upstream, record, save } = ctx;

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
      const customerId = await ensureCustomer(ctx, client, acting);
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
      // The customer's current subscription: a newer one may replace the stored id.
      const subscription = await upstream('read subscription', () =>
        zohoSubscriptionNow(zoho, customerId, id),
      );
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
