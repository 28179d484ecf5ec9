import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { billingApiMessages } from '#shared/billing-api.ts';
import { invoicingMessages } from '#shared/invoicing.ts';
import { anonymous, pathOf } from '#test/support/billing.ts';
import { buildZohoApp } from '#test/support/zoho-app.ts';

// BILLING_PROVIDER=zoho against a fake Zoho on loopback, the client's side: plans as
// packages, the hosted checkout, invoices and the card-update page as the portal.

const { t, fake, admin, post, event, sendWebhook, checkedOut } = await buildZohoApp();
const db = t.deps.database.db;
const get = (token: string, url: string) => t.injectAs(token, { method: 'GET', url });

describe('zoho billing provider: client calls', () => {
  it('lists Zoho plans as packages in cents, refreshing the OAuth token as needed', async () => {
    const { token } = await t.registerClient();
    const response = await get(token, '/api/zoho/packages');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: 'basic-monthly',
        name: 'Basic Monthly',
        description: 'Basic, monthly',
        price: 2900,
        interval: 'month',
        plan: 'Basic',
      },
      {
        id: 'pro-yearly',
        name: 'Pro Yearly',
        description: 'Pro, yearly',
        price: 79000,
        interval: 'year',
        plan: 'Pro',
      },
    ]);
    const call = fake.received.findLast((r) => r.path === '/billing/v1/plans');
    expect(call?.headers.authorization).toMatch(/^Zoho-oauthtoken 1000\./);
    expect(call?.headers['x-com-zoho-subscriptions-organizationid']).toBe('10234695');
    const minted = fake.tokensIssued();
    fake.revokeTokens();
    expect((await get(token, '/api/zoho/packages')).statusCode).toBe(200);
    expect(fake.tokensIssued()).toBe(minted + 1);
  });

  it('returns the hosted checkout page and creates the Zoho customer on first need', async () => {
    const client = await t.registerClient({ companyName: 'Acme Widgets' });
    const selected = await post(client.token, '/api/zoho/select-package', {
      packageId: 'pro-yearly',
    });
    expect(selected.statusCode).toBe(200);
    expect(selected.json().checkoutUrl).toMatch(
      /^https:\/\/billing\.zoho\.com\/hostedpage\/[0-9a-f]+\/checkout$/,
    );
    const row = await findUserById(db, client.user._id);
    expect(fake.customers.get(row?.zohoSubscriptionsCustomerId ?? '')).toMatchObject({
      display_name: 'Acme Widgets',
      email: client.user.email,
    });
    const page = fake.received.findLast(
      (r) => r.path === '/billing/v1/hostedpages/newsubscription',
    );
    expect(page?.body).toMatchObject({
      customer_id: row?.zohoSubscriptionsCustomerId,
      plan: { plan_code: 'pro-yearly' },
      redirect_url: 'http://localhost:3000/billing?checkout=success',
    });
    expect(
      (await post(client.token, '/api/zoho/select-package', { packageId: 'legacy-weekly' }))
        .statusCode,
    ).toBe(404);
    const portal = await post(client.token, '/api/zoho/portal-url');
    expect(portal.statusCode).toBe(409);
    expect(portal.json().message).toBe(billingApiMessages.noSubscription);
  });

  it('changes a subscription that is not over instead of starting a second one', async () => {
    const { token, user, subscription } = await checkedOut('basic-monthly');
    const id = subscription.subscription_id as string;
    // Zoho could not collect: the subscription is in dunning and the client past due.
    fake.subscriptions.set(id, { ...subscription, status: 'dunning' });
    await db
      .update(users)
      .set({ subscriptionStatus: 'past_due', zohoSubscriptionId: id })
      .where(eq(users.id, user._id));
    const selected = await post(token, '/api/zoho/select-package', { packageId: 'pro-yearly' });
    expect(selected.statusCode).toBe(200);
    expect(selected.json().checkoutUrl).toMatch(/\/hostedpage\/[0-9a-f]+\/updatesubscription$/);
    expect(
      fake.received.findLast((r) => r.path.startsWith('/billing/v1/hostedpages/')),
    ).toMatchObject({
      path: '/billing/v1/hostedpages/updatesubscription',
      body: { subscription_id: id, plan: { plan_code: 'pro-yearly' } },
    });
    const pageId = /hostedpage\/([0-9a-f]+)\//.exec(selected.json().checkoutUrl)?.[1] ?? '';
    fake.completeCheckout(pageId);
    const customers = [...fake.subscriptions.values()].filter(
      (s) => s.customer_id === subscription.customer_id,
    );
    expect(customers).toEqual([expect.objectContaining({ subscription_id: id, status: 'live' })]);
  });

  it('cancels the Zoho subscription now (not at term end) when the client closes the account', async () => {
    const { token, user, subscription } = await checkedOut('basic-monthly');
    const id = subscription.subscription_id as string;
    const closed = await post(token, '/api/account/close', { password: 'Sup3r-secret' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(fake.received.findLast((r) => r.path.endsWith('/cancel'))).toMatchObject({
      method: 'POST',
      path: `/billing/v1/subscriptions/${id}/cancel`,
    });
    expect(fake.subscriptions.get(id)?.status).toBe('cancelled');
    const row = await findUserById(db, user._id);
    expect(row?.subscriptionStatus).toBe('canceled');
    expect(row?.closedAt).toBeInstanceOf(Date);
  });

  it('maps Zoho invoices: cents, status, PDF through a signed link, Pay Now to Zoho', async () => {
    const { token, subscription } = await checkedOut();
    const customer_id = subscription.customer_id;
    fake.invoices.push(
      {
        invoice_id: 'inv-1',
        number: 'INV-00041',
        status: 'paid',
        invoice_date: '2024-04-01',
        total: 29,
        balance: 0,
        customer_id,
        invoice_url: 'https://billing.zoho.com/inv/1',
      },
      {
        invoice_id: 'inv-2',
        number: 'INV-00042',
        status: 'overdue',
        invoice_date: '2024-05-01',
        due_date: '2024-05-15',
        total: 29.5,
        balance: 29.5,
        customer_id,
        invoice_url: 'https://billing.zoho.com/inv/2',
      },
    );
    const response = await get(token, '/api/zoho/invoices');
    expect(response.statusCode).toBe(200);
    const [paid, unpaid] = response.json();
    expect(paid).toMatchObject({
      id: 'inv-1',
      number: 'INV-00041',
      status: 'paid',
      amount: 2900,
      paymentUrl: null,
      date: '2024-04-01T00:00:00.000Z',
    });
    expect(unpaid).toMatchObject({
      id: 'inv-2',
      status: 'unpaid',
      amount: 2950,
      dueDate: '2024-05-15T00:00:00.000Z',
      paymentUrl: 'https://billing.zoho.com/inv/2',
    });
    // Payments are Zoho's to record: the local invoicing tools say so.
    const local = await get(admin.token, `/api/admin/billing/${subscription.customer_id}/invoices`);
    expect(local.statusCode).toBe(409);
    expect(local.json().message).toBe(invoicingMessages.notLocal);
    const pdf = await anonymous(t, 'GET', pathOf(unpaid.pdfUrl));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.body.startsWith('%PDF')).toBe(true);
    expect((await anonymous(t, 'GET', '/api/invoices/inv-2/pdf?sig=forged')).statusCode).toBe(403);
    const other = await t.registerClient();
    expect((await get(other.token, '/api/zoho/invoices')).json()).toEqual([]);
    expect((await get(other.token, '/api/invoices/inv-2/pdf')).statusCode).toBe(404);
  });

  it('opens the card-update hosted page as the portal once subscribed (client and admin)', async () => {
    const { token, user, subscription } = await checkedOut();
    await sendWebhook(event('subscription_activated', subscription));
    const portal = await post(token, '/api/zoho/portal-url');
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toMatch(/\/updatecard$/);
    const byAdmin = await post(admin.token, `/api/admin/billing/${user._id}/billing-portal`);
    expect(byAdmin.json().url).toMatch(/\/updatecard$/);
  });

  it('builds deep links for the configured data centre and organisations', async () => {
    const links = await get(admin.token, '/api/zoho/crm-links');
    expect(links.statusCode).toBe(200);
    expect(links.json()).toEqual({
      crm: 'https://crm.zoho.com/crm/tab/Contacts/',
      subscriptions: `https://billing.zoho.com/app/${fake.options.organizationId}#/customers/`,
      books: `https://books.zoho.com/app/${fake.options.books?.organizationId}#/contacts/`,
      desk: 'https://desk.zoho.com/agent/contacts/details/',
    });
  });
});
