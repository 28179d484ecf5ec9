import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, checkoutSessions, teamMembers } from '#server/db/schema.ts';
import { seedPackages } from '#server/db/seed/packages.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { billingApiMessages } from '#shared/billing-api.ts';
import { capabilitiesOf } from '#shared/plans.ts';
import { anonymous, pathOf, payNewestInvoice, subscribe, tokenOf } from '#test/support/billing.ts';
import { createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';
import { hashToken } from './local/pay-sessions.ts';

// The local billing provider from the client's side: packages, choosing one (an open
// invoice with how to pay it), the plan starting once an admin records the payment,
// invoices and their PDFs.

const t = await build();
const db = t.deps.database.db;
await seedPackages(db);

const get = (token: string, url: string) => t.injectAs(token, { method: 'GET', url });
const post = (token: string, url: string, payload?: object) =>
  t.injectAs(token, { method: 'POST', url, ...(payload && { payload }) });

describe('local billing: client calls', () => {
  it('lists the seeded packages in cents', async () => {
    const { token } = await t.registerClient();
    const response = await get(token, '/api/zoho/packages');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({
        id: 'basic-monthly',
        price: 2900,
        interval: 'month',
        plan: 'Basic',
      }),
      expect.objectContaining({ id: 'basic-yearly', price: 29000, interval: 'year' }),
      expect.objectContaining({ id: 'pro-monthly', price: 7900, interval: 'month' }),
      expect.objectContaining({ id: 'pro-yearly', price: 79000, interval: 'year' }),
    ]);
    for (const pkg of response.json())
      expect(Object.keys(pkg).sort()).toEqual([
        'description',
        'id',
        'interval',
        'name',
        'plan',
        'price',
      ]);
  });

  it('choosing a package issues an open invoice with how to pay; only a recorded payment starts the plan', async () => {
    const { token, user } = await t.registerClient();
    const process = await createProcessFor(t, user._id);
    const schedule = () =>
      post(token, '/api/scheduler', { processId: process.id, cron: '0 * * * *' });
    expect((await get(token, '/api/zoho/billing-status')).json()).toMatchObject({
      status: 'pending',
    });
    expect((await schedule()).statusCode).toBe(403);

    const selected = await post(token, '/api/zoho/select-package', { packageId: 'basic-monthly' });
    expect(selected.statusCode).toBe(200);
    const { checkoutUrl } = selected.json();
    expect(checkoutUrl).toMatch(/^http:\/\/localhost:3000\/pay\/invoice\/[A-Za-z0-9_-]{43}$/);

    const session = await anonymous(t, 'GET', `/api/pay/sessions/${tokenOf(checkoutUrl)}`);
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({
      kind: 'invoice',
      client: { name: user.name, email: user.email },
      invoice: {
        status: 'unpaid',
        amount: 2900,
        amountPaid: 0,
        items: [{ description: 'Basic Monthly subscription, one month', amount: 2900 }],
      },
      instructions: { contactEmail: expect.any(String) },
    });
    expect(new Date(session.json().expiresAt).getTime() - Date.now()).toBeGreaterThan(55 * 60_000);
    // The invoice page may be opened again; it pays nothing, and there is nothing to post.
    expect(
      (await anonymous(t, 'GET', `/api/pay/sessions/${tokenOf(checkoutUrl)}`)).statusCode,
    ).toBe(200);
    for (const action of ['confirm', 'pay']) {
      const tried = await anonymous(
        t,
        'POST',
        `/api/pay/sessions/${tokenOf(checkoutUrl)}/${action}`,
      );
      expect(tried.statusCode, action).toBe(404);
    }

    expect((await get(token, '/api/zoho/billing-status')).json()).toMatchObject({
      status: 'pending',
    });
    expect(await findUserById(db, user._id)).toMatchObject({
      subscriptionPlan: 'Trial',
      subscriptionStatus: 'incomplete',
    });
    const [open] = (await get(token, '/api/zoho/invoices')).json();
    expect(open).toMatchObject({ status: 'unpaid', amount: 2900 });
    expect(open.number).toMatch(/^INV-\d{6}$/);
    // Due in the default 14 days (BILLING_DUE_DAYS), and Pay Now leads to the same page.
    const dueDays = (Date.parse(open.dueDate) - Date.parse(open.date)) / 86_400_000;
    expect(dueDays).toBe(14);
    expect(open.paymentUrl).toMatch(/\/pay\/invoice\//);
    expect((await schedule()).statusCode).toBe(403);

    const admin = await t.createUser({ role: 'Admin' });
    await payNewestInvoice(t, admin.token, user._id);

    expect((await get(token, '/api/zoho/billing-status')).json()).toMatchObject({
      status: 'active',
    });
    const row = await findUserById(db, user._id);
    expect(row).toMatchObject({ subscriptionPlan: 'Basic', subscriptionStatus: 'active' });
    expect(capabilitiesOf({ subscription: { plan: row!.subscriptionPlan } }).canSchedule).toBe(
      true,
    );
    const days = (row!.currentPeriodEnd!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    expect((await schedule()).statusCode).toBe(201);

    const invoices = await get(token, '/api/zoho/invoices');
    expect(invoices.json()).toHaveLength(1);
    const [invoice] = invoices.json();
    expect(invoice).toMatchObject({ status: 'paid', amount: 2900, paymentUrl: null });
    expect(Number.isNaN(Date.parse(invoice.date))).toBe(false);

    const pdf = await anonymous(t, 'GET', pathOf(invoice.pdfUrl));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(1000);

    const bad = await anonymous(t, 'GET', `/api/invoices/${invoice.id}/pdf?sig=not-a-signature`);
    expect(bad.statusCode).toBe(403);
    expect(bad.json().message).toBe(billingApiMessages.badInvoiceLink);
    expect((await anonymous(t, 'GET', `/api/invoices/${invoice.id}/pdf`)).statusCode).toBe(403);

    const audits = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, user._id), eq(auditLogs.source, 'billing')));
    expect(audits.map((a) => a.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Basic Monthly chosen; invoice INV-\d{6} issued for \$29\.00, due /),
        expect.stringMatching(
          /^Payment of \$29\.00 by ACH transfer recorded for invoice INV-\d{6}$/,
        ),
        expect.stringMatching(/^Invoice INV-\d{6} paid: Basic Monthly active until /),
      ]),
    );
  });

  it('replaces a package not yet paid for with the one chosen next, and refuses an expired link with 404', async () => {
    const { token } = await t.registerClient();
    const select = (packageId: string) => post(token, '/api/zoho/select-package', { packageId });
    expect((await select('pro-monthly')).statusCode).toBe(200);
    // Another package, two tabs, or a second click: one invoice stays open, the rest void.
    expect((await select('basic-monthly')).statusCode).toBe(200);
    const both = await Promise.all([select('basic-yearly'), select('pro-yearly')]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const listed = (await get(token, '/api/zoho/invoices')).json() as { status: string }[];
    expect(listed.filter((invoice) => invoice.status === 'unpaid')).toHaveLength(1);

    const portal = tokenOf((await post(token, '/api/zoho/portal-url')).json().url);
    await db
      .update(checkoutSessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(checkoutSessions.tokenHash, hashToken(portal)));
    expect((await anonymous(t, 'GET', `/api/pay/sessions/${portal}`)).statusCode).toBe(404);
    expect((await anonymous(t, 'POST', `/api/pay/sessions/${portal}/cancel`)).statusCode).toBe(404);
    expect((await anonymous(t, 'GET', '/api/pay/sessions/not-a-token')).statusCode).toBe(404);
    // An invoice link does nothing at the portal's actions.
    const [open] = (await get(token, '/api/zoho/invoices')).json();
    const invoiceLink = tokenOf(open.paymentUrl);
    expect((await anonymous(t, 'POST', `/api/pay/sessions/${invoiceLink}/cancel`)).statusCode).toBe(
      404,
    );
  });

  it('checks select-package input: 400 with the field, 404 unknown, 409 when already subscribed, 401 signed out', async () => {
    const { token } = await t.registerClient();
    const empty = await post(token, '/api/zoho/select-package', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ packageId: billingApiMessages.packageRequired });
    const unknown = await post(token, '/api/zoho/select-package', { packageId: 'platinum' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(billingApiMessages.packageNotFound);
    await subscribe(t, token, 'basic-yearly');
    const twice = await post(token, '/api/zoho/select-package', { packageId: 'pro-monthly' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(billingApiMessages.alreadyActive);
    expect((await anonymous(t, 'GET', '/api/zoho/billing-status')).statusCode).toBe(401);
    expect(
      (await anonymous(t, 'POST', '/api/zoho/select-package', { packageId: 'basic-monthly' }))
        .statusCode,
    ).toBe(401);
  });

  it("keeps clients apart: another client's invoices are not listed and their PDF is 404", async () => {
    const a = await t.registerClient();
    const b = await t.registerClient();
    await subscribe(t, a.token, 'basic-monthly');
    const [invoice] = (await get(a.token, '/api/zoho/invoices')).json();
    expect((await get(b.token, '/api/zoho/invoices')).json()).toEqual([]);
    expect((await get(b.token, `/api/invoices/${invoice.id}/pdf`)).statusCode).toBe(404);
    const own = await get(a.token, `/api/invoices/${invoice.id}/pdf`);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    // A signed link names one invoice: it does not open another.
    await subscribe(t, b.token, 'pro-monthly');
    const [theirs] = (await get(b.token, '/api/zoho/invoices')).json();
    const sig = new URL(invoice.pdfUrl).searchParams.get('sig');
    expect(
      (await anonymous(t, 'GET', `/api/invoices/${theirs.id}/pdf?sig=${sig}`)).statusCode,
    ).toBe(403);
    // And a signed link is no session token.
    expect(
      (await t.injectAs(sig ?? '', { method: 'GET', url: '/api/zoho/billing-status' })).statusCode,
    ).toBe(401);
  });

  it('lets only the account owner manage billing: team members get 403', async () => {
    const owner = await t.registerClient();
    const member = await t.registerClient();
    await db
      .insert(teamMembers)
      .values({ ownerUserId: owner.user._id, memberUserId: member.user._id, role: 'admin' });
    for (const [method, url] of [
      ['GET', '/api/zoho/billing-status'],
      ['GET', '/api/zoho/packages'],
      ['GET', '/api/zoho/invoices'],
      ['POST', '/api/zoho/portal-url'],
    ] as const) {
      const response = await t.injectAs(member.token, { method, url });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe(billingApiMessages.ownerOnly);
    }
    const select = await post(member.token, '/api/zoho/select-package', {
      packageId: 'basic-monthly',
    });
    expect(select.statusCode).toBe(403);
    expect((await get(owner.token, '/api/zoho/billing-status')).statusCode).toBe(200);
  });

  it('gives invoice numbers in sequence, unique', async () => {
    const { token } = await t.registerClient();
    await subscribe(t, token, 'basic-monthly');
    const { token: second } = await t.registerClient();
    await subscribe(t, second, 'basic-monthly');
    const [first] = (await get(token, '/api/zoho/invoices')).json();
    const [next] = (await get(second, '/api/zoho/invoices')).json();
    expect(Number(next.number.slice(4))).toBeGreaterThan(Number(first.number.slice(4)));
  });
});
