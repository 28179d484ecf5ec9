import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs } from '#server/db/schema.ts';
import { seedPackages } from '#server/db/seed/packages.ts';
import { findUserById } from '#server/domain/users/repository.ts';
import { brand } from '#shared/brand.ts';
import { anonymous, subscribe, tokenOf } from '#test/support/billing.ts';
import { build } from '#test/support/test-app.ts';

// Admin billing tools with the local provider: a client's billing portal, and the CRM
// actions working on local records. Admin only.

const t = await build();
const db = t.deps.database.db;
await seedPackages(db);
const admin = await t.createUser({ role: 'Admin' });
const post = (token: string, url: string) => t.injectAs(token, { method: 'POST', url });

describe('admin billing tools (local provider)', () => {
  it("opens the client's billing portal", async () => {
    const client = await t.registerClient({ name: 'Dana Portal' });
    const response = await post(
      admin.token,
      `/api/admin/billing/${client.user._id}/billing-portal`,
    );
    expect(response.statusCode).toBe(200);
    const session = await anonymous(t, 'GET', `/api/pay/sessions/${tokenOf(response.json().url)}`);
    expect(session.json()).toMatchObject({ kind: 'portal', client: { name: 'Dana Portal' } });
    const [entry] = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, client.user._id), eq(auditLogs.source, 'billing')));
    expect(entry).toMatchObject({ message: 'Billing portal opened', actorId: admin.user.id });
    expect(
      (
        await post(
          admin.token,
          '/api/admin/billing/00000000-0000-4000-8000-000000000000/billing-portal',
        )
      ).statusCode,
    ).toBe(404);
  });

  it('creates a contact once, provisions ids, and syncs the stored status', async () => {
    const client = await t.registerClient();
    const id = client.user._id;
    const created = await post(admin.token, `/api/zoho/create-contact/${id}`);
    expect(created.statusCode).toBe(200);
    expect(created.json().contactId).toMatch(/^LC-[0-9A-F]{12}$/);
    expect((await post(admin.token, `/api/zoho/create-contact/${id}`)).json()).toEqual(
      created.json(),
    );
    expect((await findUserById(db, id))?.zohoContactId).toBe(created.json().contactId);

    const provisioned = await post(admin.token, `/api/zoho/provision/${id}`);
    expect(provisioned.statusCode).toBe(200);
    expect(provisioned.json()).toMatchObject({
      message: 'Provisioned.',
      customerId: expect.stringMatching(/^LCUS-/),
      subscriptionId: expect.stringMatching(/^LSUB-/),
    });
    expect((await post(admin.token, `/api/zoho/provision/${id}`)).json()).toMatchObject({
      message: 'Already provisioned.',
      customerId: provisioned.json().customerId,
    });

    const pending = await post(admin.token, `/api/zoho/sync-status/${id}`);
    expect(pending.json()).toMatchObject({ status: 'pending', subscription: { plan: 'Trial' } });
    await subscribe(t, client.token, 'pro-monthly');
    expect((await post(admin.token, `/api/zoho/sync-status/${id}`)).json()).toMatchObject({
      status: 'active',
      subscription: { status: 'active', plan: 'Pro' },
    });
  });

  it('refuses clients (403) and signed-out callers (401)', async () => {
    const client = await t.registerClient();
    const id = client.user._id;
    for (const url of [
      `/api/admin/billing/${id}/billing-portal`,
      `/api/zoho/create-contact/${id}`,
      `/api/zoho/provision/${id}`,
      `/api/zoho/sync-status/${id}`,
    ]) {
      expect((await post(client.token, url)).statusCode, url).toBe(403);
      expect((await anonymous(t, 'POST', url)).statusCode, url).toBe(401);
    }
  });

  it('answers 404 on the Zoho webhook when Zoho is not the provider', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/zoho/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{"event_id":"1","event_type":"subscription_created"}',
    });
    expect(response.statusCode).toBe(404);
  });

  it('gives the brand deep links without Zoho, to admins only', async () => {
    const links = await t.injectAs(admin.token, { method: 'GET', url: '/api/zoho/crm-links' });
    expect(links.statusCode).toBe(200);
    expect(links.json()).toEqual(brand.crmLinks);
    const client = await t.registerClient();
    const refused = await t.injectAs(client.token, { method: 'GET', url: '/api/zoho/crm-links' });
    expect(refused.statusCode).toBe(403);
  });
});
