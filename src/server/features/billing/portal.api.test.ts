import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs } from '#server/db/schema.ts';
import { seedPackages } from '#server/db/seed/packages.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { billingMessages } from '#shared/billing.ts';
import { billingApiMessages } from '#shared/billing-api.ts';
import {
  adminInvoices,
  anonymous,
  payNewestInvoice,
  subscribe,
  tokenOf,
} from '#test/support/billing.ts';
import { createProcessFor } from '#test/support/portal.ts';
import { build } from '#test/support/test-app.ts';
import { runBillingCycle } from './local/billing-cycle.ts';

// The local provider's built-in portal: asking for another plan (an invoice) and cancelling.

const t = await build();
const db = t.deps.database.db;
await seedPackages(db);
const admin = await t.createUser({ role: 'Admin' });

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
  it('asks for another plan in the portal: an invoice is issued and the plan changes when it is paid', async () => {
    const { token, user } = await t.registerClient();
    await subscribe(t, token, 'basic-monthly');
    const portal = await portalToken(token);
    const session = await anonymous(t, 'GET', `/api/pay/sessions/${portal}`);
    expect(session.json()).toMatchObject({
      kind: 'portal',
      package: { id: 'basic-monthly' },
      subscription: { plan: 'Basic', status: 'active', billingStatus: 'active' },
      invoice: null,
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
    expect(changed.json()).toEqual({
      message: expect.stringMatching(
        /^Invoice INV-\d{6} for Pro Yearly is issued\. Your plan changes when it is paid\.$/,
      ),
      redirectUrl: '/billing?portal=invoiced',
    });
    // Until it is paid, Basic runs on.
    expect(await findUserById(db, user._id)).toMatchObject({
      subscriptionPlan: 'Basic',
      subscriptionStatus: 'active',
    });
    // The upgrade credits what is left of the Basic month just paid for.
    const [upgrade] = await adminInvoices(t, admin.token, user._id);
    const credit = -(upgrade?.items[1]?.amount ?? 0);
    expect(credit).toBeGreaterThan(2800);
    expect(credit).toBeLessThanOrEqual(2900);
    const open = (await get(token, '/api/zoho/invoices')).json();
    expect(open.map((i: { amount: number; status: string }) => [i.amount, i.status])).toEqual([
      [79000 - credit, 'unpaid'],
      [2900, 'paid'],
    ]);
    // The portal now shows the invoice waiting; the same change asked again adds nothing
    // (another package would replace it: replace-plan-invoice.api.test.ts).
    const again = await portalToken(token);
    expect((await anonymous(t, 'GET', `/api/pay/sessions/${again}`)).json().invoice).toMatchObject({
      amount: 79000 - credit,
      status: 'unpaid',
    });
    const second = await anonymous(t, 'POST', `/api/pay/sessions/${again}/change`, {
      packageId: 'pro-yearly',
    });
    expect(second.statusCode).toBe(200);
    expect((await get(token, '/api/zoho/invoices')).json()).toHaveLength(2);

    await payNewestInvoice(t, admin.token, user._id, { method: 'check', reference: 'Check 1042' });
    const row = await findUserById(db, user._id);
    expect(row).toMatchObject({ subscriptionPlan: 'Pro', subscriptionStatus: 'active' });
    expect((row!.currentPeriodEnd!.getTime() - Date.now()) / 86_400_000).toBeGreaterThan(360);
    expect(
      (
        await anonymous(t, 'POST', `/api/pay/sessions/${portal}/change`, {
          packageId: 'basic-monthly',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('cancels in the portal: the paid month runs out, then status cancelled and the 402 checks apply', async () => {
    const { token, user } = await t.registerClient();
    await subscribe(t, token, 'basic-monthly');
    const process = await createProcessFor(t, user._id);
    const cancelled = await anonymous(
      t,
      'POST',
      `/api/pay/sessions/${await portalToken(token)}/cancel`,
    );
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().redirectUrl).toBe('/billing?portal=ending');
    expect((await get(token, '/api/zoho/billing-status')).json()).toMatchObject({
      status: 'active',
    });
    const twice = await anonymous(
      t,
      'POST',
      `/api/pay/sessions/${await portalToken(token)}/cancel`,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(billingApiMessages.alreadyEnding);
    const periodEnd = (await findUserById(db, user._id))?.currentPeriodEnd as Date;
    await runBillingCycle(db, t.deps.config.invoicing, new Date(periodEnd.getTime() + 1000));
    expect((await get(token, '/api/zoho/billing-status')).json()).toMatchObject({
      status: 'cancelled',
    });
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
    // A cancelled client can choose a plan again.
    await subscribe(t, token, 'pro-monthly');
    expect((await get(token, '/api/zoho/billing-status')).json()).toMatchObject({
      status: 'active',
    });
    const audits = await db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.userId, user._id))
      .orderBy(desc(auditLogs.createdAt))
      .limit(3);
    expect(audits.map((a) => a.message)).toContainEqual(
      expect.stringMatching(/^Invoice INV-\d{6} paid: Pro Monthly active until /),
    );
  });

  it('cancels a plan still waiting for payment: its invoice goes void', async () => {
    const { token, user } = await t.registerClient();
    const chosen = await post(token, '/api/zoho/select-package', { packageId: 'pro-monthly' });
    expect(chosen.statusCode).toBe(200);
    const cancelled = await anonymous(
      t,
      'POST',
      `/api/pay/sessions/${await portalToken(token)}/cancel`,
    );
    expect(cancelled.statusCode).toBe(200);
    expect((await findUserById(db, user._id))?.subscriptionStatus).toBe('canceled');
    const [invoice] = (await get(token, '/api/zoho/invoices')).json();
    expect(invoice).toMatchObject({ status: 'void', paymentUrl: null });
    // Money that still arrives for it is kept as account credit (books.api.test.ts), and
    // the plan stays cancelled.
    const [listed] = await adminInvoices(t, admin.token, user._id);
    const held = await t.injectAs(admin.token, {
      method: 'POST',
      url: `/api/admin/billing/${user._id}/invoices/${listed!.id}/payments`,
      payload: { amountDollars: 79, paidOn: '2026-01-05', method: 'ach' },
    });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json().message).toMatch(/^Payment recorded as account credit/);
    expect((await findUserById(db, user._id))?.subscriptionStatus).toBe('canceled');
  });
});
