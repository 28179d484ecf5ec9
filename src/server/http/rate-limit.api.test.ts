import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { limitedRoutes } from '#server/http/rate-limit.ts';
import { build, nextIp } from '#test/support/test-app.ts';

// Rate limits as the whole app wires them: the OpenAPI document and the proxy warning.

const t = await build();

interface Operation {
  security?: unknown[];
  responses: Record<string, { description?: string }>;
}

describe('OpenAPI at /api/docs', () => {
  it('documents 401 and 403 on every secured route and 429 on every rate-limited one', async () => {
    await t.app.ready();
    const paths = (
      t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> }
    ).paths;
    const operations = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );

    const secured = operations.filter((o) => o.operation.security?.length);
    expect(secured.length).toBeGreaterThan(50);
    const missing = secured
      .filter((o) => !o.operation.responses['401'] || !o.operation.responses['403'])
      .map((o) => `${o.method} ${o.path}`);
    expect(missing).toEqual([]);

    const limited = limitedRoutes(t.app);
    expect(limited.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/login',
        'POST /api/auth/login/2fa',
        'POST /api/contact',
        'PUT /api/settings/password',
        'POST /api/legal/export',
      ]),
    );
    const undocumented = limited.filter((route) => {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      return !paths[path]?.[route.method.toLowerCase()]?.responses['429'];
    });
    expect(undocumented).toEqual([]);
    expect(paths['/api/auth/login']?.post?.responses['429']?.description).toMatch(/Retry-After/);
  });
});

describe('the X-Forwarded-For warning', () => {
  async function appLogging(trustProxy: boolean) {
    const lines: string[] = [];
    const config = loadConfig({
      DATA_DIR: '.tmp/unused',
      LOG_LEVEL: 'silent',
      TRUST_PROXY: String(trustProxy),
    });
    const app = await buildApp(
      { ...t.deps, config },
      { logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } } },
    );
    const warnings = () => lines.filter((line) => line.includes('X-Forwarded-For'));
    return { app, warnings };
  }
  const get = (app: Awaited<ReturnType<typeof buildApp>>, forwardedFor?: string) =>
    app.inject({
      method: 'GET',
      url: '/healthz',
      remoteAddress: nextIp(),
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });

  it('is logged once when proxied requests arrive without TRUST_PROXY', async () => {
    const { app, warnings } = await appLogging(false);
    try {
      await get(app);
      expect(warnings()).toHaveLength(0);
      await get(app, '203.0.113.10');
      await get(app, '203.0.113.11');
      await get(app, '203.0.113.12, 10.0.0.1');
      expect(warnings()).toHaveLength(1);
      expect(JSON.parse(warnings()[0]!)).toMatchObject({ level: 40 });
      expect(warnings()[0]).toMatch(/TRUST_PROXY/);
    } finally {
      await app.close();
    }
  });

  it('is not logged with TRUST_PROXY', async () => {
    const { app, warnings } = await appLogging(true);
    try {
      await get(app, '203.0.113.10');
      expect(warnings()).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
});
