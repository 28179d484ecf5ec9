import { describe, expect, it } from 'vitest';
import { build } from '#test/support/test-app.ts';

// The authorization matrix of every admin route, generated from the route table (the
// OpenAPI document lists every route): anonymous → 401, a Client → 403, the Admin →
// neither (2xx, or a 4xx about the made-up ids and bodies), and never a 5xx.

const ADMIN_PREFIXES = [
  '/api/admin/',
  '/api/analytics/',
  '/api/environment/',
  '/api/legal/templates',
  '/api/legal/generate',
  '/api/legal/export',
  '/api/legal/drafts',
  '/api/zoho/create-contact/',
  '/api/zoho/provision/',
  '/api/zoho/sync-status/',
];

const t = await build();
const admin = await t.createUser({ role: 'Admin' });
const client = await t.createUser({ subscriptionPlan: 'Pro', subscriptionStatus: 'active' });

await t.app.ready();
const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
const MADE_UP_ID = '00000000-0000-4000-8000-000000000000';
const routes = Object.entries(document.paths)
  .flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  )
  .filter(({ path }) => ADMIN_PREFIXES.some((prefix) => path.startsWith(prefix)))
  .map((route) => ({ ...route, url: route.path.replace(/\{[^}]+\}/g, MADE_UP_ID) }));

const call = (route: (typeof routes)[number], token?: string) =>
  t.app.inject({
    method: route.method as 'GET',
    url: route.url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
  });

describe('admin authorization matrix', () => {
  it('covers the admin area', () => {
    expect(routes.length).toBeGreaterThanOrEqual(25);
  });

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_name, route) => {
    expect((await call(route)).statusCode, 'anonymous').toBe(401);
    expect((await call(route, client.token)).statusCode, 'client').toBe(403);
    const asAdmin = await call(route, admin.token);
    expect(
      [401, 403],
      `admin got ${asAdmin.statusCode}: ${asAdmin.body.slice(0, 200)}`,
    ).not.toContain(asAdmin.statusCode);
    expect(asAdmin.statusCode, asAdmin.body.slice(0, 200)).toBeLessThan(500);
  });
});
