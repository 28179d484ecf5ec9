import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enquiries } from '#server/db/schema.ts';
import { build, nextIp } from '#test/support/test-app.ts';

// Input that the database cannot store (NUL, lone surrogates) or that would forge lines
// (control characters in one-line fields) is refused with a 400 naming the field, on
// every route; calls that take no body work without one.

const t = await build();
const admin = await t.createUser({ role: 'Admin' });
const client = await t.createUser({ subscriptionPlan: 'Pro', subscriptionStatus: 'active' });

await t.app.ready();
const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
const MADE_UP_ID = '00000000-0000-4000-8000-000000000000';
const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.keys(methods).map((method) => ({
    method: method.toUpperCase() as 'POST',
    path,
    url: path.replace(/\{[^}]+\}/g, MADE_UP_ID),
  })),
);
const tokenFor = (path: string) =>
  /^\/api\/(admin|analytics|environment|legal\/(templates|generate|export|drafts)|zoho\/(create|provision|sync))/.test(
    path,
  )
    ? admin.token
    : client.token;

const register = (fields: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: nextIp(),
    payload: {
      name: 'Jane Client',
      email: `jane-${Date.now()}@example.test`,
      password: 'Sup3r-secret',
      confirmPassword: 'Sup3r-secret',
      acceptedTOS: true,
      ...fields,
    },
  });

describe('text the database cannot store', () => {
  it.each([
    ['a NUL', 'Jane\u0000 Client'],
    ['a lone high surrogate', 'Jane \ud800Client'],
    ['a lone low surrogate', 'Jane \udc00Client'],
  ])('register with %s in the name answers 400 naming the field', async (_name, value) => {
    const response = await register({ name: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'name contains characters that are not allowed.',
      errors: { name: 'name contains characters that are not allowed.' },
    });
  });

  it('keeps a well-formed surrogate pair (an emoji) as ordinary text', async () => {
    const response = await register({ name: 'Jane Client 🚀', companyName: 'Rocket 🚀 Co' });
    expect(response.statusCode).toBe(201);
  });

  it.each([
    [
      'login',
      'POST',
      '/api/auth/login',
      { email: 'a@b.co', password: 'x\u0000' },
      'password',
      null,
    ],
    [
      'legal defaults',
      'PUT',
      '/api/legal/defaults',
      { providerAddress: 'a\u0000' },
      'providerAddress',
      client.token,
    ],
    [
      'a legal draft, deep inside',
      'POST',
      '/api/legal/drafts',
      { clientName: 'Acme', documents: [{ templateId: 'x', name: 'y', content: 'z\ud800' }] },
      'documents.0.content',
      admin.token,
    ],
    [
      'an admin process',
      'POST',
      '/api/admin/processes',
      { name: 'P', description: '\u0000' },
      'description',
      admin.token,
    ],
    ['a field name', 'POST', '/api/contact', { 'na\u0000me': 'x' }, '(a field name)', null],
  ] as const)('%s answers 400, not 500', async (_name, method, url, payload, field, token) => {
    const response = await t.app.inject({
      method,
      url,
      payload,
      remoteAddress: nextIp(),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`${field} contains characters that are not allowed.`);
  });

  it('checks path parameters and query strings too', async () => {
    const byParam = await t.injectAs(admin.token, {
      method: 'GET',
      url: '/api/admin/clients/ab%00cd',
    });
    expect(byParam.statusCode).toBe(400);
    expect(byParam.json().message).toBe('id contains characters that are not allowed.');
    const byQuery = await t.injectAs(admin.token, {
      method: 'GET',
      url: '/api/admin/audit-logs?limit=10&source=%00',
    });
    expect(byQuery.statusCode).toBe(400);
    expect(byQuery.json().message).toBe('source contains characters that are not allowed.');
  });

  it('refuses a NUL on every route that takes a body, never with a 5xx', async () => {
    const withBody = routes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method));
    expect(withBody.length).toBeGreaterThan(40);
    for (const route of withBody) {
      const response = await t.injectAs(tokenFor(route.path), {
        method: route.method,
        url: route.url,
        payload: { name: 'x\u0000', email: 'x\u0000', ips: ['\u0000'], anything: '\u0000' },
      });
      const where = `${route.method} ${route.path}: ${response.body.slice(0, 160)}`;
      expect(response.statusCode, where).toBeLessThan(500);
      if (response.statusCode === 400) {
        expect(response.json().message, where).toMatch(/contains characters that are not allowed/);
      }
    }
  });
});

describe('one-line fields', () => {
  it('refuses an enquiry whose name forges a line in the e-mail, and stores nothing', async () => {
    const [before] = await t.deps.database.db.select({ n: count() }).from(enquiries);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: nextIp(),
      payload: {
        name: 'Mallory\nEmail: ceo@example.com',
        email: 'mallory@example.test',
        interest: 'web',
        message: 'Hello',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      name: 'Name contains characters that are not allowed.',
    });
    const [after] = await t.deps.database.db.select({ n: count() }).from(enquiries);
    expect(after?.n).toBe(before?.n);
  });

  it.each([
    ['register name', () => register({ name: 'Jane\rClient' }), 'name', 'Name'],
    [
      'register company',
      () => register({ companyName: 'Acme\u0007' }),
      'companyName',
      'Company name',
    ],
    ['register e-mail', () => register({ email: 'jane@example.test\n' + 'x' }), 'email', 'Email'],
    [
      'invite e-mail',
      () =>
        t.injectAs(client.token, {
          method: 'POST',
          url: '/api/team/invite',
          payload: { email: 'bob@example.test\r\nBcc: eve@example.test' },
        }),
      'email',
      'Email',
    ],
    [
      'process name',
      () =>
        t.injectAs(admin.token, {
          method: 'POST',
          url: '/api/admin/processes',
          payload: { name: 'Nightly\nsync', clientUserId: client.user.id },
        }),
      'name',
      'Name',
    ],
    [
      'webhook key (sent as a header)',
      () =>
        t.injectAs(admin.token, {
          method: 'POST',
          url: '/api/admin/processes',
          payload: { name: 'Nightly', clientUserId: client.user.id, webhookAuthKey: 'k\r\nX: y' },
        }),
      'webhookAuthKey',
      'Webhook key',
    ],
  ])('%s with a control character answers 400', async (_name, send, field, label) => {
    const response = await send();
    expect(response.statusCode).toBe(400);
    expect(response.json().errors?.[field]).toBe(
      `${label} contains characters that are not allowed.`,
    );
  });
});

describe('calls without a body', () => {
  it('accept a POST with no body and no content type (curl)', async () => {
    const response = await t.injectAs(admin.token, {
      method: 'POST',
      url: `/api/admin/impersonate/${client.user.id}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().token).toEqual(expect.any(String));
  });

  it('never answer "must be a JSON object" to a POST or DELETE sent without a body', async () => {
    const bodyless = routes.filter((r) => r.method === 'POST' || r.method === 'DELETE');
    for (const route of bodyless) {
      const response = await t.injectAs(tokenFor(route.path), {
        method: route.method,
        url: route.url,
      });
      const where = `${route.method} ${route.path}: ${response.body.slice(0, 160)}`;
      expect(response.statusCode, where).toBeLessThan(500);
      expect(response.body, where).not.toContain('must be a JSON object');
    }
  });
});
