import { describe, expect, it } from 'vitest';
import { auditLogs, catalogTemplates } from '#server/db/schema.ts';
import { seedCatalog } from '#server/db/seed/catalog.ts';
import { seedPackages } from '#server/db/seed/packages.ts';
import { billingToday } from '#shared/billing-dates.ts';
import { startFakeN8n } from '#test/support/fake-n8n.ts';
import { build, nextIp } from '#test/support/test-app.ts';

// Every event an admin must be able to trace writes an audit entry (logins and failed
// logins, registration, admin changes to clients, roles, entitlements, IPs and keys,
// impersonation, process changes, run failures, schedule changes, billing changes, team
// and catalog events), and no entry carries a password, key or token.

const t = await build();
const db = t.deps.database.db;
const n8n = await startFakeN8n();
await seedCatalog(db);
await seedPackages(db);
const admin = await t.createUser({ role: 'Admin' });

const SECRETS = {
  password: 'Aud1t-trail-password',
  newPassword: 'Aud1t-trail-reset-9',
  integrationKey: 'n8n_integration-key-secret-value',
  webhookKey: 'webhook-bearer-secret-value',
  basicPass: 'basic-auth-secret-value',
};

const asAdmin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.injectAs(admin.token, { method, url, payload, remoteAddress: '203.0.113.5' });

async function walkThroughEveryEvent() {
  const { token, user } = await t.registerClient({ password: SECRETS.password });
  const ok = <R extends { statusCode: number; body: string }>(response: R) => {
    expect(response.statusCode, response.body.slice(0, 200)).toBeLessThan(300);
    return response;
  };
  const login = (password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextIp(),
      payload: { email: user.email, password },
    });
  expect((await login('Wrong-password-1')).statusCode).toBe(401);
  ok(await login(SECRETS.password));

  // A plan chosen by the client (an invoice) and paid: a payment an admin records.
  const packages = ok(await t.injectAs(token, { method: 'GET', url: '/api/zoho/packages' })).json();
  ok(
    await t.injectAs(token, {
      method: 'POST',
      url: '/api/zoho/select-package',
      payload: { packageId: packages[0].id },
    }),
  );
  const [invoice] = ok(await asAdmin('GET', `/api/admin/billing/${user._id}/invoices`)).json()
    .invoices;
  ok(
    await asAdmin('POST', `/api/admin/billing/${user._id}/invoices/${invoice.id}/payments`, {
      amountDollars: invoice.amount / 100,
      // Today as billing counts days (BILLING_TIME_ZONE): behind UTC after its midnight.
      paidOn: billingToday(t.deps.config.invoicing.timeZone),
      method: 'check',
      reference: 'Check 2001',
    }),
  );

  const client = `/api/admin/clients/${user._id}`;
  ok(
    await asAdmin('PATCH', client, {
      role: 'Client',
      plan: 'Pro',
      entitlements: { manualTrigger: true },
    }),
  );
  ok(await asAdmin('PATCH', `${client}/company`, { companyName: 'Audit Co', companyCode: 'AUD' }));
  ok(await asAdmin('POST', `${client}/allowed-ips`, { ips: '203.0.113.9, 198.51.100.0/24' }));
  ok(await asAdmin('POST', `${client}/allowed-ips`, { ips: '' }));
  ok(
    await asAdmin('POST', `${client}/integration-keys`, { n8nWebhookKey: SECRETS.integrationKey }),
  );
  ok(await asAdmin('POST', `/api/admin/billing/${user._id}/mock-status`, { status: 'active' }));

  const created = ok(
    await asAdmin('POST', '/api/admin/processes', {
      name: 'Audit webhook',
      clientUserId: user._id,
      n8nWebhookUrl: n8n.url('/fail/audit'),
      webhookAuthKey: SECRETS.webhookKey,
    }),
  ).json();
  // One kind of auth at a time: the change to basic auth clears the key.
  ok(
    await asAdmin('PATCH', `/api/admin/processes/${created._id}`, {
      description: 'Now described',
      webhookAuthKey: null,
      webhookAuthBasicUser: 'robot',
      webhookAuthBasicPass: SECRETS.basicPass,
    }),
  );
  ok(await asAdmin('PATCH', `/api/admin/processes/${created._id}`, { isActive: true }));
  // The webhook answers 500: a run failure.
  await t.injectAs(token, { method: 'POST', url: `/api/n8n/trigger/${created._id}` });

  const schedule = ok(
    await t.injectAs(token, {
      method: 'POST',
      url: '/api/scheduler',
      payload: { processId: created._id, cron: '0 * * * *', timezone: '' },
    }),
  ).json();
  ok(await t.injectAs(token, { method: 'DELETE', url: `/api/scheduler/${schedule._id}` }));

  ok(
    await t.injectAs(token, {
      method: 'POST',
      url: '/api/team/invite',
      payload: { email: `teammate-${Date.now()}@example.test`, role: 'member' },
    }),
  );
  const [template] = await db.select().from(catalogTemplates).limit(1);
  ok(
    await t.injectAs(token, { method: 'POST', url: `/api/catalog/request-access/${template?.id}` }),
  );

  const impersonation = ok(await asAdmin('POST', `/api/admin/impersonate/${user._id}`, {})).json();
  ok(
    await t.injectAs(impersonation.token, {
      method: 'POST',
      url: '/api/auth/impersonation/end',
      payload: {},
    }),
  );
  ok(await asAdmin('POST', `${client}/reset-password`, { newPassword: SECRETS.newPassword }));
  return user._id;
}

const clientId = await walkThroughEveryEvent();
const entries = await db.select().from(auditLogs);
const about = entries.filter((e) => e.userId === clientId || e.source === 'processes');
const has = (source: string, pattern: RegExp) =>
  about.some((e) => e.source === source && pattern.test(e.message));

describe('the audit trail', () => {
  it.each([
    ['auth', /registered/i],
    ['auth', /failed sign-in/i],
    ['auth', /^signed in/i],
    ['clients', /role|plan|entitlement/i],
    ['clients', /company/i],
    ['clients', /allowed ip/i],
    ['clients', /integration key|webhook key/i],
    ['clients', /password/i],
    ['billing', /subscri|checkout|paid|invoice/i],
    ['clients', /subscription status/i],
    ['processes', /created/i],
    ['processes', /updated|changed|activated|paused/i],
    ['runs', /failed/i],
    ['scheduler', /created/i],
    ['scheduler', /deleted/i],
    ['team', /invited/i],
    ['catalog', /access requested/i],
    ['impersonation', /started impersonating/i],
    ['impersonation', /stopped impersonating/i],
  ])('records %s: %s', (source, pattern) => {
    expect(has(source, pattern), about.map((e) => `${e.source}: ${e.message}`).join('\n')).toBe(
      true,
    );
  });

  it('never stores a password, key or token', () => {
    const text = JSON.stringify(entries);
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/); // no JWT
  });
});
