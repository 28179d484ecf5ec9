import { describe, expect, it } from 'vitest';
import { privacyMessages } from '#shared/privacy.ts';
import { build, nextIp } from '#test/support/test-app.ts';

// Malformed or hostile requests get a 4xx with a clear message, never a 5xx.

const t = await build();
const { app } = t;

const send = (payload: string, contentType = 'application/json') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: nextIp(),
    headers: { 'content-type': contentType },
    payload,
  });

describe('hostile input', () => {
  it.each([
    ['broken JSON', '{"email": "a@b.co", ', 400, /not valid JSON/],
    ['a JSON string', '"hello"', 400, /must be a JSON object/],
    ['a JSON array', '[1,2,3]', 400, /must be a JSON object/],
    ['null', 'null', 400, /must be a JSON object/],
    ['wrong types', '{"email": 42, "password": {"$ne": null}}', 400, /required/],
    ['a prototype-polluting key', '{"__proto__": {"admin": true}, "email": "a@b.co"}', 400, /./],
  ])('%s', async (_name, payload, status, message) => {
    const response = await send(payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toMatch(message);
  });

  it('refuses a body that is not JSON (415)', async () => {
    const response = await send('email=a', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('Send the request body as application/json.');
  });

  it('refuses an oversized body (413)', async () => {
    const response = await send(JSON.stringify({ email: 'a'.repeat(2_000_000), password: 'x' }));
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The request body is too large.');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('No such endpoint: GET /api/nothing-here');
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline' ;");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('gives API answers, refusals included, the API set: nothing loads, nothing is cached', async () => {
    for (const url of ['/api/n8n/my-processes', '/api/no-such-thing', '/api/contact']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('ids that are not ids', () => {
  it('answers an enquiry id that is not a UUID with 404, as one that does not exist', async () => {
    const admin = await t.createUser({ role: 'Admin' });
    for (const [method, url] of [
      ['GET', '/api/admin/enquiries/not-a-uuid/export'],
      ['DELETE', '/api/admin/enquiries/not-a-uuid'],
    ] as const) {
      const response = await t.injectAs(admin.token, { method, url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: privacyMessages.enquiryMissing });
    }
  });

  it('answers every route with an id in its path with a 4xx and a message, never a 5xx', async () => {
    const admin = await t.createUser({ role: 'Admin' });
    const client = await t.createUser({ subscriptionPlan: 'Pro', subscriptionStatus: 'active' });
    await app.ready();
    const { paths } = app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const withIds = Object.entries(paths).filter(([path]) => path.includes('{'));
    expect(withIds.length).toBeGreaterThan(30);
    for (const [path, methods] of withIds) {
      const url = path.replace(/\{[^}]+\}/g, 'not-a-uuid');
      for (const method of Object.keys(methods).map((m) => m.toUpperCase() as 'GET')) {
        for (const token of [admin.token, client.token]) {
          for (const payload of method === 'GET' ? [undefined] : [undefined, {}]) {
            const response = await t.injectAs(token, { method, url, payload });
            const where = `${method} ${path} ${JSON.stringify(payload)}: ${response.body.slice(0, 120)}`;
            expect(response.statusCode, where).toBeLessThan(500);
            if (String(response.headers['content-type']).includes('json'))
              expect(response.json().message, where).toEqual(expect.any(String));
          }
        }
      }
    }
  });
});

describe('health', () => {
  it('reports the process up and the database ready', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('serves the OpenAPI document', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/api/auth/register');
  });
});
