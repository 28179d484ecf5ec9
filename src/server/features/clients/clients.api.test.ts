import { desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '#server/db/schema.ts';
import { passwordMessages } from '#shared/password.ts';
import { build, nextIp } from '#test/support/test-app.ts';

const t = await build();
const db = t.deps.database.db;
let admin = { token: '', id: '' };

beforeAll(async () => {
  const created = await t.createUser({ role: 'Admin', email: `boss-${Date.now()}@example.test` });
  admin = { token: created.token, id: created.user.id };
});

const asAdmin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.injectAs(admin.token, { method, url, payload });

describe('admin clients API', () => {
  it('lists clients with their secrets for admins only', async () => {
    const { user, token } = await t.createUser({ n8nWebhookKey: 'n8n_abc' });
    const list = await asAdmin('GET', '/api/admin/clients');
    const row = list.json().find((c: { _id: string }) => c._id === user.id);
    expect(row.integrationKeys).toEqual({ n8nWebhookKey: 'n8n_abc' });
    expect((await t.injectAs(token, { method: 'GET', url: '/api/admin/clients' })).statusCode).toBe(
      403,
    );
    expect((await asAdmin('GET', '/api/admin/clients/nope')).statusCode).toBe(404);
  });

  it('leaves out a row that does not validate instead of failing the whole list', async () => {
    const good = await t.createUser();
    const bad = await t.createUser();
    // A status no code writes (set by hand in the database, or by a future version).
    await db.execute(
      sql`update users set subscription_status = 'frozen' where id = ${bad.user.id}`,
    );
    const list = await asAdmin('GET', '/api/admin/clients');
    expect(list.statusCode).toBe(200);
    const ids = list.json().map((c: { _id: string }) => c._id);
    expect(ids).toContain(good.user.id);
    expect(ids).not.toContain(bad.user.id);
    await db.execute(
      sql`update users set subscription_status = 'active' where id = ${bad.user.id}`,
    );
  });

  it('changes role, plan, entitlements and billing presets (dollars stored as cents)', async () => {
    const { user } = await t.createUser();
    const response = await asAdmin('PATCH', `/api/admin/clients/${user.id}`, {
      role: 'Trial',
      plan: 'Pro',
      entitlements: { manualTrigger: true, analytics: true },
      billingPrefs: { hourlyRateDollars: 125.5, defaultDueDays: 14, defaultPriceId: 'price_pro' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      role: 'Trial',
      subscription: { plan: 'Pro' },
      entitlements: { manualTrigger: true, analytics: true },
      billingPrefs: { hourlyRateCents: 12550, defaultDueDays: 14, defaultPriceId: 'price_pro' },
    });
  });

  it('stores the CRM identifiers', async () => {
    const { user } = await t.createUser();
    const response = await asAdmin('PATCH', `/api/admin/clients/${user.id}`, {
      zohoCRMContactId: '4876876000000123',
      zohoBooksContactId: ' 998 ',
    });
    expect(response.json()).toMatchObject({
      zohoCRMContactId: '4876876000000123',
      zohoBooksContactId: '998',
    });
  });

  it('refuses to let an admin remove their own admin role', async () => {
    const response = await asAdmin('PATCH', `/api/admin/clients/${admin.id}`, { role: 'Client' });
    expect(response.statusCode).toBe(409);
  });

  it('sets company, integration key and mock subscription status', async () => {
    const { user } = await t.createUser();
    const company = await asAdmin('PATCH', `/api/admin/clients/${user.id}/company`, {
      companyName: 'Lakeside Co',
      companyCode: 'LAKE',
    });
    expect(company.json()).toMatchObject({ companyName: 'Lakeside Co', companyCode: 'LAKE' });
    const key = await asAdmin('POST', `/api/admin/clients/${user.id}/integration-keys`, {
      n8nWebhookKey: 'n8n_new',
    });
    expect(key.json().integrationKeys.n8nWebhookKey).toBe('n8n_new');
    const status = await asAdmin('POST', `/api/admin/billing/${user.id}/mock-status`, {
      status: 'past_due',
    });
    expect(status.json().subscription.status).toBe('past_due');
    const [logged] = await t.deps.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.userId, user.id))
      .orderBy(desc(auditLogs.createdAt))
      .limit(1);
    expect(logged).toMatchObject({
      message: 'Subscription status set by hand to past_due (mock status, no payment)',
      details: { from: 'no_subscription', to: 'past_due', mock: true },
    });
    const overview = await asAdmin('GET', `/api/admin/billing/${user.id}/overview`);
    expect(overview.json().subscription.status).toBe('past_due');
    const bad = await asAdmin('POST', `/api/admin/billing/${user.id}/mock-status`, {
      status: 'free',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('resets a password and ends the client sessions', async () => {
    const { user, token } = await t.createUser();
    const weak = await asAdmin('POST', `/api/admin/clients/${user.id}/reset-password`, {
      newPassword: 'short',
    });
    expect(weak.statusCode).toBe(400);
    const reset = await asAdmin('POST', `/api/admin/clients/${user.id}/reset-password`, {
      newPassword: 'Fresh-start-1',
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.injectAs(token, { method: 'GET', url: '/api/auth/verify' })).statusCode).toBe(
      401,
    );
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextIp(),
      payload: { email: user.email, password: 'Fresh-start-1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('does not reset the password of a closed account, which cannot sign in again', async () => {
    const { user } = await t.createUser({ closedAt: new Date() });
    const reset = await asAdmin('POST', `/api/admin/clients/${user.id}/reset-password`, {
      newPassword: 'Fresh-start-1',
    });
    expect(reset.statusCode).toBe(409);
    expect(reset.json()).toEqual({ message: passwordMessages.accountClosed });
  });
});

describe('allowed IPs', () => {
  it('trims the comma-separated list, drops empties and validates each entry', async () => {
    const { user } = await t.createUser();
    const ok = await asAdmin('POST', `/api/admin/clients/${user.id}/allowed-ips`, {
      ips: ' 203.0.113.7, ,10.0.0.0/8,2001:db8::/32 ,',
    });
    expect(ok.json().security.allowedIps).toEqual(['203.0.113.7', '10.0.0.0/8', '2001:db8::/32']);
    const bad = await asAdmin('POST', `/api/admin/clients/${user.id}/allowed-ips`, {
      ips: '1.2.3, 10.0.0.0/33',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.ips).toBe('Not an IP address or CIDR range: 1.2.3, 10.0.0.0/33');
  });

  it("refuses the client's calls from any other address (403)", async () => {
    const { user, token } = await t.createUser();
    await asAdmin('POST', `/api/admin/clients/${user.id}/allowed-ips`, { ips: ['203.0.113.0/24'] });
    const verify = (remoteAddress: string) =>
      t.injectAs(token, { method: 'GET', url: '/api/auth/verify', remoteAddress });
    expect((await verify('203.0.113.50')).statusCode).toBe(200);
    const refused = await verify('198.51.100.9');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(
      /approved IP addresses, and 198.51.100.9 is not one of them/,
    );
  });
});

describe('impersonation', () => {
  it('gives a one-hour token that acts as the client, is audited, and cannot open admin', async () => {
    const { user } = await t.createUser();
    const response = await asAdmin('POST', `/api/admin/impersonate/${user.id}`, {});
    expect(response.statusCode).toBe(200);
    const { token, expiresAt } = response.json();
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(3_600_000);
    const claims = await t.deps.tokens.verify(token);
    expect(claims).toMatchObject({ sub: user.id, imp: admin.id });

    const verify = await t.injectAs(token, { method: 'GET', url: '/api/auth/verify' });
    expect(verify.json().user._id).toBe(user.id);
    const end = await t.injectAs(token, {
      method: 'POST',
      url: '/api/auth/impersonation/end',
      payload: {},
    });
    expect(end.json().message).toBe('Impersonation ended.');
    const log = (await db.select().from(auditLogs)).filter(
      (e) => e.source === 'impersonation' && e.userId === user.id,
    );
    expect(log.map((e) => e.message)).toEqual([
      expect.stringMatching(/started impersonating/),
      expect.stringMatching(/stopped impersonating/),
    ]);
    expect(log.every((e) => e.actorId === admin.id)).toBe(true);
  });

  it('refuses to impersonate an Admin', async () => {
    const other = await t.createUser({ role: 'Admin' });
    const response = await asAdmin('POST', `/api/admin/impersonate/${other.user.id}`, {});
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Admin accounts cannot be impersonated.');
  });
});
