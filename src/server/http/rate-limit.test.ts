import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '#server/http/errors.ts';
import {
  clientKey,
  describeWait,
  type RateLimitOptions,
  registerRateLimits,
} from '#server/http/rate-limit.ts';

// The guard on a bare Fastify instance: budgets per route and client, the 429 answer, and
// what happens when PostgreSQL cannot be reached.

const apps: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function appWith(options: Partial<RateLimitOptions> = {}, lines: string[] = []) {
  const app = Fastify({
    logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } },
  });
  apps.push(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRateLimits(app, {
    trustProxy: false,
    limits: { contact: { max: 2, timeWindowMs: 60_000 } },
    ...options,
  });
  app.post('/a', { config: { rateLimit: 'contact' } }, async () => ({ ok: true }));
  app.post('/b', { config: { rateLimit: 'contact' } }, async () => ({ ok: true }));
  app.get('/free', async () => ({ ok: true }));
  await app.ready();
  return app;
}

const hit = (
  app: Awaited<ReturnType<typeof appWith>>,
  url: string,
  ip = '198.51.100.1',
  method: 'GET' | 'POST' = 'POST',
) => app.inject({ method, url, remoteAddress: ip });

describe('registerRateLimits', () => {
  it('answers 429 with the wait and Retry-After once a client spends its budget', async () => {
    const app = await appWith();
    const first = await hit(app, '/a');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe('2');
    expect(first.headers['x-ratelimit-remaining']).toBe('1');
    expect((await hit(app, '/a')).statusCode).toBe(200);
    const refused = await hit(app, '/a');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'Too many attempts. Please wait 1 minute and try again.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(55);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('keeps a budget per route and per client; routes without a limit are not counted', async () => {
    const app = await appWith();
    for (let i = 0; i < 2; i++) await hit(app, '/a');
    expect((await hit(app, '/a')).statusCode).toBe(429);
    expect((await hit(app, '/b')).statusCode).toBe(200);
    expect((await hit(app, '/a', '198.51.100.2')).statusCode).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await hit(app, '/free', undefined, 'GET')).statusCode).toBe(200);
  });

  it('counts an IPv6 /64 as one client, and a mapped IPv4 address as that address', async () => {
    const app = await appWith();
    await hit(app, '/a', '2001:db8:1:2::1');
    await hit(app, '/a', '2001:db8:1:2:ffff::9');
    expect((await hit(app, '/a', '2001:db8:1:2::77')).statusCode).toBe(429);
    expect((await hit(app, '/a', '2001:db8:1:3::1')).statusCode).toBe(200);
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
  });

  it('refuses a route that names an unknown limit', async () => {
    const app = Fastify();
    apps.push(app);
    registerRateLimits(app, { trustProxy: false });
    expect(() =>
      // @ts-expect-error: the name is checked by the type too
      app.get('/x', { config: { rateLimit: 'nope' } }, async () => ({})),
    ).toThrow(/Unknown rate limit "nope"/);
  });

  it('keeps limiting in memory, and warns, when PostgreSQL cannot be reached', async () => {
    // Nothing listens on port 1: every query fails at once with ECONNREFUSED.
    const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
    pool.on('error', () => {});
    apps.push({ close: () => pool.end() });
    const lines: string[] = [];
    const app = await appWith({ pool }, lines);
    expect((await hit(app, '/a')).statusCode).toBe(200);
    expect((await hit(app, '/a')).statusCode).toBe(200);
    expect((await hit(app, '/a')).statusCode).toBe(429);
    const warnings = lines.filter((line) => line.includes('could not be read from PostgreSQL'));
    expect(warnings).toHaveLength(1);
  });
});

describe('describeWait', () => {
  it('words the wait the way the 429 message always has', () => {
    expect(describeWait(1)).toBe('1 second');
    expect(describeWait(45)).toBe('45 seconds');
    expect(describeWait(60)).toBe('1 minute');
    expect(describeWait(89)).toBe('1 minute');
    expect(describeWait(600)).toBe('10 minutes');
    expect(describeWait(7_200)).toBe('2 hours');
  });
});
