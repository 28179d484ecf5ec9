import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, users } from '#server/db/schema.ts';
import { seedPackages } from '#server/db/seed/packages.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { billingMessages } from '#shared/billing.ts';
import { billingApiMessages } from '#shared/billing-api.ts';
import { anonymous, subscribe, tokenOf } from '#test/support/billing.ts';
import { createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';

// The local provider's built-in portal (change, cancel) and an unpaid invoice's Pay Now.

const t = await build();
const db = t.deps.database.db;
await seedPackages(db);

const get = (token: string, url: string) => t.injectAs(token, { method: 'GET', url });
const post = (token: string, url: string, payload?: object) =>
  t.injectAs(token, { method: 'POST', url, ...(payload && { payload }) });
const portalToken = async (token: string) => {
  const response = await post(token, '/api/zoho/portal-url');
  expect(response.statusCode).toBe(200);
  expect(response.json().url).toMatch(/^http:\/\/localhost:3000\/pay\/portal\//);
  return tokenOf(response.json().url);
};

describe('local billing: portal and payments', () => {
  it('changes the plan in the portal: the new plan applies at once and a paid invoice is issued', async () => {
    const { token, user } = await t.registerClient();
    await subscribe(t, token, 'basic-monthly');
    const portal = await portalToken(token);
    const session = await anonymous(t, 'GET', `/api/pay/sessions/${portal}`);
    expect(session.json()).toMatchObject({
      kind: 'portal',
      package: { id: 'basic-monthly' },
      subscription: { plan: 'Basic', status: 'active', billingStatus: 'active' },
    });
    expect(session.json().packages).toHaveLength(4);

    const same = await anonymous(t, 'POST', `/api/pay/sessions/${portal}/change`, {
      packageId: 'basic-monthly',
    });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(billingApiMessages.samePackage);
    const invalid = await anonymous(t, 'POST', `/api/pay/sessions/${portal}/change`, {});
    expect(invalid.statusCode).toBe(400);
    // A refused change leaves the link usable.
    const changed = await anonymous(t, 'POST', `/api/pay/sessions/${portal}/change`, {
      packageId: 'pro-yearly',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().redirectUrl).toBe('/billing?portal=changed');

    const row = await findUserById(db, user._id);
    expect(row).toMatchObject({ subscriptionPlan: 'Pro', subscriptionStatus: 'active' });
    expect((row!.currentPeriodEnd!.getTime() - Date.now()) / 86_400_000).toBeGreaterThan(360);
    const invoices = (await get(token, '/api/zoho/invoices')).json();
    expect(invoices.map((i: { amount: number }) => i.amount)).toEqual([79000, 2900]);
    expect(invoices[0].status).toBe('paid');
    expect(
      (
        await anonymous(t, 'POST', `/api/pay/sessions/${portal}/change`, {
          packageId: 'basic-monthly',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('cancels in the portal: status cancelled and the 402 checks apply', async () => {
    const { token, user } = await t.registerClient();
    await subscribe(t, token, 'basic-monthly');
    const process = await createProcessFor(t, user._id);
    const cancelled = await anonymous(
      t,
      'POST',
      `/api/pay/sessions/${await portalToken(token)}/cancel`,
    );
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().redirectUrl).toBe('/billing?portal=cancelled');
    expect((await get(token, '/api/zoho/billing-status')).json()).toEqual({ status: 'cancelled' });
    expect((await findUserById(db, user._id))?.subscriptionStatus).toBe('canceled');
    const refused = await post(token, '/api/scheduler', {
      processId: process.id,
      cron: '0 * * * *',
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe(billingMessages.inactiveServer);
    const nothing = await anonymous(
      t,
      'POST',
      `/api/pay/sessions/${await portalToken(token)}/cancel`,
    );
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe(billingApiMessages.nothingToCancel);
    // A cancelled client can check out again.
    await subscribe(t, token, 'pro-monthly');
    expect((await get(token, '/api/zoho/billing-status')).json()).toEqual({ status: 'active' });
    const [audit] = await db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.userId, user._id))
      .orderBy(desc(auditLogs.createdAt))
      .limit(1);
    expect(audit).toMatchObject({
      source: 'billing',
      message: expect.stringMatching(/^Subscribed to Pro Monthly/),
    });
  });

  it('renews at the period end with an unpaid invoice; Pay Now settles it and reactivates', async () => {
    const { token, user } = await t.registerClient();
    await subscribe(t, token, 'basic-monthly');
    await db
      .update(users)
      .set({ currentPeriodEnd: new Date(Date.now() - 60_000) })
      .where(eq(users.id, user._id));

    const invoices = (await get(token, '/api/zoho/invoices')).json();
    expect(invoices).toHaveLength(2);
    const [renewal] = invoices;
    expect(renewal).toMatchObject({ status: 'unpaid', amount: 2900 });
    expect(renewal.paymentUrl).toMatch(/^http:\/\/localhost:3000\/pay\/invoice\//);
    expect((await get(token, '/api/zoho/billing-status')).json()).toEqual({ status: 'past_due' });
    // Reading again does not renew twice.
    expect((await get(token, '/api/zoho/invoices')).json()).toHaveLength(2);

    const payToken = tokenOf(renewal.paymentUrl);
    const session = await anonymous(t, 'GET', `/api/pay/sessions/${payToken}`);
    expect(session.json()).toMatchObject({
      kind: 'invoice',
      invoice: { id: renewal.id, number: renewal.number, amount: 2900, status: 'unpaid' },
    });
    const paid = await anonymous(t, 'POST', `/api/pay/sessions/${payToken}/pay`);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().redirectUrl).toBe('/billing?payment=success');
    expect((await get(token, '/api/zoho/billing-status')).json()).toEqual({ status: 'active' });
    const after = (await get(token, '/api/zoho/invoices')).json();
    expect(after[0]).toMatchObject({ id: renewal.id, status: 'paid', paymentUrl: null });
    expect((await anonymous(t, 'POST', `/api/pay/sessions/${payToken}/pay`)).statusCode).toBe(404);
    expect((await findUserById(db, user._id))!.currentPeriodEnd!.getTime()).toBeGreaterThan(
      Date.now(),
    );
  });
});
