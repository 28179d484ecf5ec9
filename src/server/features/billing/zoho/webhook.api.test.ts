import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, users } from '#server/db/schema.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { zohoSignature } from '#server/integrations/zoho/signature.ts';
import { billingApiMessages } from '#shared/billing-api.ts';
import { createProcessFor } from '#test/support/portal.ts';
import { buildZohoApp, WEBHOOK_SECRET } from '#test/support/zoho-app.ts';

// BILLING_PROVIDER=zoho: the signed webhook keeping the subscription in step, once per
// event, and the admin CRM tools calling Zoho CRM and Billing.

const { t, fake, admin, post, event, sendWebhook, checkedOut } = await buildZohoApp();
const db = t.deps.database.db;
const get = (token: string, url: string) => t.injectAs(token, { method: 'GET', url });

describe('zoho billing provider: webhook and admin tools', () => {
  it('keeps the subscription in step from signed webhooks, once per event', async () => {
    const { token, user, subscription } = await checkedOut('basic-monthly');
    const process = await createProcessFor(t, user._id);
    const body = event('subscription_activated', subscription);
    const first = await sendWebhook(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false, applied: true });
    expect((await get(token, '/api/zoho/billing-status')).json()).toMatchObject({
      status: 'active',
    });
    const row = await findUserById(db, user._id);
    expect(row).toMatchObject({
      subscriptionPlan: 'Basic',
      subscriptionStatus: 'active',
      zohoSubscriptionId: subscription.subscription_id,
    });
    expect(row?.currentPeriodEnd?.toISOString().slice(0, 10)).toBe(
      subscription.current_term_ends_at,
    );
    const scheduled = await post(token, '/api/scheduler', {
      processId: process.id,
      cron: '0 * * * *',
    });
    expect(scheduled.statusCode).toBe(201);

    const repeat = await sendWebhook(body);
    expect(repeat.json()).toEqual({ received: true, duplicate: true, applied: false });
    const entries = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, user._id), eq(auditLogs.source, 'billing')));
    expect(
      entries.filter((e) => e.message.includes('webhook subscription_activated')),
    ).toHaveLength(1);

    // Zoho cancels, then tells: the event is read back from Zoho before it is applied.
    const cancelledInZoho = { ...subscription, status: 'cancelled' };
    fake.subscriptions.set(subscription.subscription_id as string, cancelledInZoho);
    const cancelled = await sendWebhook(event('subscription_cancelled', cancelledInZoho));
    expect(cancelled.json().applied).toBe(true);
    expect((await get(token, '/api/zoho/billing-status')).json()).toMatchObject({
      status: 'cancelled',
    });
    expect(
      (await post(token, '/api/scheduler', { processId: process.id, cron: '30 * * * *' }))
        .statusCode,
    ).toBe(402);
  });

  it('refuses a webhook with a bad or missing signature (401) and bad JSON (400)', async () => {
    const { user, subscription } = await checkedOut();
    const body = event('subscription_activated', subscription);
    expect((await sendWebhook(body, zohoSignature('some-other-secret', body))).statusCode).toBe(
      401,
    );
    expect((await sendWebhook(body, null)).statusCode).toBe(401);
    expect((await sendWebhook(`${body} `, zohoSignature(WEBHOOK_SECRET, body))).statusCode).toBe(
      401,
    );
    expect((await findUserById(db, user._id))?.subscriptionStatus).toBe('no_subscription');
    expect((await sendWebhook('{not json')).statusCode).toBe(400);
    expect((await sendWebhook('{"hello":1}')).statusCode).toBe(400);
    const unknown = await sendWebhook(
      event('subscription_created', { subscription_id: 'nobody', status: 'live' }),
    );
    expect(unknown.json()).toEqual({ received: true, duplicate: false, applied: false });
  });

  it("reads the subscription from Zoho's documented payload, as an object or JSON text", async () => {
    const { token, subscription } = await checkedOut('basic-monthly');
    const asText = JSON.stringify({
      event_id: `ev-text-${subscription.subscription_id}`,
      event_type: 'subscription_activated',
      event_time: '2026-11-25T10:00:00+0000',
      payload: JSON.stringify({ subscription }),
    });
    expect((await sendWebhook(asText)).json()).toMatchObject({ applied: true });
    expect((await get(token, '/api/zoho/billing-status')).json()).toMatchObject({
      status: 'active',
    });
    const cancelledInZoho = { ...subscription, status: 'cancelled' };
    fake.subscriptions.set(subscription.subscription_id as string, cancelledInZoho);
    const asObject = JSON.stringify({
      event_id: `ev-object-${subscription.subscription_id}`,
      event_type: 'subscription_cancelled',
      payload: { subscription: cancelledInZoho },
    });
    expect((await sendWebhook(asObject)).json()).toMatchObject({ applied: true });
    expect((await get(token, '/api/zoho/billing-status')).json()).toMatchObject({
      status: 'cancelled',
    });
  });

  it('writes an audit warning for a subscription event that carries no subscription', async () => {
    const eventId = `ev-empty-${Date.now()}`;
    const body = JSON.stringify({
      event_id: eventId,
      event_type: 'subscription_renewed',
      payload: '{}',
    });
    expect((await sendWebhook(body)).json()).toEqual({
      received: true,
      duplicate: false,
      applied: false,
    });
    const [warning] = await db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.message, 'Zoho subscription_renewed without a subscription ignored'));
    expect(warning).toMatchObject({ level: 'warning', source: 'billing' });
    expect(warning?.details).toMatchObject({ eventId });
    // Other events without a subscription (a payment, say) are not subscription changes.
    const payment = JSON.stringify({ event_id: `${eventId}-p`, event_type: 'payment_thankyou' });
    expect((await sendWebhook(payment)).json()).toMatchObject({ applied: false });
    const quiet = await db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.message, 'Zoho payment_thankyou without a subscription ignored'));
    expect(quiet).toHaveLength(0);
  });

  it('links an existing CRM contact by e-mail and reuses the Account of the same name', async () => {
    const first = await t.registerClient({ name: 'Grace Hopper', companyName: 'Navy (Labs), Inc' });
    const second = await t.registerClient({ name: 'Ida Rhodes', companyName: 'navy (labs), inc' });
    const accounts = fake.crmAccounts.length;
    const created = await post(admin.token, `/api/zoho/create-contact/${first.user._id}`);
    const again = await post(admin.token, `/api/zoho/create-contact/${second.user._id}`);
    expect(fake.crmAccounts.length).toBe(accounts + 1);
    expect(fake.crmContacts.at(-1)?.Account_Name).toEqual(fake.crmContacts.at(-2)?.Account_Name);

    // The local link is lost (say, the row was restored from an old backup): searched, not doubled.
    await db.update(users).set({ zohoCRMContactId: null }).where(eq(users.id, first.user._id));
    const contacts = fake.crmContacts.length;
    const relinked = await post(admin.token, `/api/zoho/create-contact/${first.user._id}`);
    expect(relinked.json().contactId).toBe(created.json().contactId);
    expect(fake.crmContacts.length).toBe(contacts);
    expect(again.statusCode).toBe(200);
  });

  it("shows an admin Zoho's own code and message, and a client only a plain sentence", async () => {
    const client = await t.registerClient({ name: 'Scope Less' });
    fake.withoutScopes(true);
    try {
      const tool = await post(admin.token, `/api/zoho/create-contact/${client.user._id}`);
      expect(tool.statusCode).toBe(502);
      expect(tool.json().message).toBe(
        'Zoho CRM Contacts search failed: invalid oauth scope to access this URL (Zoho code OAUTH_SCOPE_MISMATCH)',
      );
      const checkout = await post(client.token, '/api/zoho/select-package', {
        packageId: 'basic-monthly',
      });
      expect(checkout.statusCode).toBe(502);
      expect(checkout.json().message).toBe(billingApiMessages.providerFailed);
    } finally {
      fake.withoutScopes(false);
    }
  });

  it('runs the admin CRM tools against Zoho', async () => {
    const client = await t.registerClient({ name: 'Ada Lovelace', companyName: 'Engines Ltd' });
    const id = client.user._id;
    const contact = await post(admin.token, `/api/zoho/create-contact/${id}`);
    expect(contact.statusCode).toBe(200);
    expect(fake.crmContacts.at(-1)).toMatchObject({
      id: contact.json().contactId,
      First_Name: 'Ada',
      Last_Name: 'Lovelace',
      Email: client.user.email,
      // Account_Name is a lookup: the Account found or created, by its id.
      Account_Name: { id: fake.crmAccounts.at(-1)?.id },
    });
    expect(fake.crmAccounts.at(-1)).toMatchObject({ Account_Name: 'Engines Ltd' });
    expect(await findUserById(db, id)).toMatchObject({
      zohoCRMContactId: contact.json().contactId,
      zohoContactId: contact.json().contactId,
    });

    // Desk already knows this person (a ticket came in by e-mail): linked, not duplicated.
    fake.deskContacts.push({
      id: 'desk-existing-1',
      lastName: 'Lovelace',
      email: client.user.email,
    });
    const provisioned = await post(admin.token, `/api/zoho/provision/${id}`);
    expect(provisioned.json()).toMatchObject({
      message: 'Zoho Billing customer, Zoho Books contact, Zoho Desk contact created.',
      subscriptionId: null,
    });
    expect(fake.customers.has(provisioned.json().customerId)).toBe(true);
    const books = fake.booksContacts.at(-1);
    expect(books).toMatchObject({
      contact_name: 'Engines Ltd',
      company_name: 'Engines Ltd',
      contact_type: 'customer',
      contact_persons: [{ first_name: 'Ada', last_name: 'Lovelace', email: client.user.email }],
    });
    expect(await findUserById(db, id)).toMatchObject({
      zohoBooksContactId: books?.contact_id,
      zohoDeskContactId: 'desk-existing-1',
    });
    expect(fake.deskContacts.filter((c) => c.email === client.user.email)).toHaveLength(1);
    // Books calls name the organisation; Desk calls carry orgId.
    const booksCall = fake.received.find((r) => r.path === '/books/v3/contacts');
    expect(booksCall?.query.organization_id).toBe(fake.options.books?.organizationId);
    const deskCall = fake.received.find((r) => r.path.startsWith('/desk/api/v1/'));
    expect(deskCall?.headers.orgid).toBe(fake.options.desk?.orgId);
    expect((await post(admin.token, `/api/zoho/provision/${id}`)).json().message).toBe(
      'Already provisioned.',
    );

    // Sync reads the customer's current subscription in full, not the list's first item.
    const customer_id = provisioned.json().customerId as string;
    const term = { current_term_ends_at: '2027-01-31' };
    fake.subscriptions.set(`${customer_id}-old`, {
      subscription_id: `${customer_id}-old`,
      status: 'cancelled',
      customer_id,
      plan: { plan_code: 'basic-monthly', name: 'Basic Monthly' },
      created_time: '2026-11-20T10:00:00Z',
      ...term,
    });
    fake.subscriptions.set(`${customer_id}-live`, {
      subscription_id: `${customer_id}-live`,
      status: 'live',
      customer_id,
      plan: { plan_code: 'pro-yearly', name: 'Pro Yearly' },
      created_time: '2026-11-01T10:00:00Z',
      ...term,
    });
    expect((await post(admin.token, `/api/zoho/sync-status/${id}`)).json()).toMatchObject({
      status: 'active',
      subscription: { plan: 'Pro' },
    });
    expect(fake.received.at(-1)?.path).toBe(`/billing/v1/subscriptions/${customer_id}-live`);

    const { user, subscription } = await checkedOut('pro-yearly');
    expect((await post(admin.token, `/api/zoho/sync-status/${user._id}`)).json()).toMatchObject({
      status: 'active',
      subscription: { plan: 'Pro' },
    });
    fake.subscriptions.set(subscription.subscription_id as string, {
      ...subscription,
      status: 'dunning',
    });
    expect((await post(admin.token, `/api/zoho/sync-status/${user._id}`)).json()).toMatchObject({
      status: 'past_due',
      subscription: { status: 'past_due' },
    });
    expect((await post(client.token, `/api/zoho/sync-status/${user._id}`)).statusCode).toBe(403);
  });
});
