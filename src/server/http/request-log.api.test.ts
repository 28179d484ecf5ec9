import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { build, nextIp } from '#test/support/test-app.ts';
import { HttpError } from './errors.ts';
import { loggerOptions } from './logging.ts';
import { SLOW_REQUEST_MS } from './request-log.ts';

// At the default level the server's log holds no line per request, only the
// requests worth a look (slow, or answered 5xx), each with its method, URL, route,
// status and time; thrown errors are still logged with their stack (errors.ts).

const t = await build();
const lines: string[] = [];
const app = await buildApp(t.deps, {
  logger: { ...loggerOptions('info'), stream: { write: (line: string) => lines.push(line) } },
});
app.get<{ Params: { token: string } }>('/api/test-slow/:token', async () => {
  // Slower than the threshold on purpose: this wait is the behaviour under test.
  await new Promise((resolve) => setTimeout(resolve, SLOW_REQUEST_MS + 100));
  return { ok: true };
});
app.get('/api/test-broken', async () => {
  throw new Error('the disk is on fire');
});
app.get('/api/test-upstream', async () => {
  throw new HttpError(502, 'The workflow answered 500');
});
afterAll(() => app.close());

type Entry = Record<string, unknown> & { level: number; msg: string };
const entries = () => lines.map((line) => JSON.parse(line) as Entry);
const newEntries = async (request: () => Promise<unknown>) => {
  const before = lines.length;
  await request();
  return entries().slice(before);
};
const get = (url: string) => app.inject({ method: 'GET', url, remoteAddress: nextIp() });

describe('the request log at the default level (info)', () => {
  it('holds no line for an ordinary request, answered or not found', async () => {
    const logged = await newEntries(async () => {
      expect((await get('/healthz')).statusCode).toBe(200);
      expect((await get('/api/no-such-thing')).statusCode).toBe(404);
      expect((await get('/api/auth/verify')).statusCode).toBe(401);
    });
    expect(logged).toEqual([]);
  });

  it('logs a slow request once, with its route and time, and no token', async () => {
    const logged = await newEntries(async () => {
      expect((await get('/api/test-slow/sekrit-token-123')).statusCode).toBe(200);
    });
    expect(logged).toEqual([
      expect.objectContaining({
        level: 30,
        msg: expect.stringMatching(
          /^slow request: GET \/api\/test-slow\/\[REDACTED\] 200 in \d+ ms$/,
        ),
        route: '/api/test-slow/:token',
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
    expect(logged[0]?.responseTime).toBeGreaterThan(SLOW_REQUEST_MS);
    expect(lines.join('')).not.toContain('sekrit-token-123');
  });

  it('logs a 5xx answer, and a thrown error with its stack as before', async () => {
    const broken = await newEntries(() => get('/api/test-broken'));
    expect(broken).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'request failed',
        err: expect.objectContaining({ message: 'the disk is on fire' }),
      }),
      expect.objectContaining({
        level: 30,
        msg: expect.stringMatching(/^GET \/api\/test-broken 500 in/),
      }),
    ]);
    expect(broken[0]?.reqId).toBe(broken[1]?.reqId);

    const upstream = await newEntries(() => get('/api/test-upstream'));
    expect(upstream).toEqual([
      expect.objectContaining({
        level: 30,
        msg: expect.stringMatching(/^GET \/api\/test-upstream 502 in \d+ ms$/),
        route: '/api/test-upstream',
      }),
    ]);
  });

  it("never writes Fastify's own per-request lines", () => {
    const messages = entries().map((entry) => entry.msg);
    expect(messages).not.toContain('incoming request');
    expect(messages).not.toContain('request completed');
  });
});
