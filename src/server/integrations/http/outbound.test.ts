import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { OutboundError, sendOutbound } from './outbound.ts';

const server = createServer((_req, res) => res.end('hello'));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const call = (url: string, allowPrivate: boolean) =>
  sendOutbound({ url, method: 'GET', timeoutMs: 2_000, allowPrivate });

describe('sendOutbound: the SSRF guard', () => {
  it.each([
    `http://127.0.0.1:${port}/`,
    `http://localhost:${port}/`,
    'http://169.254.169.254/latest/meta-data/',
    'http://10.1.2.3/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
  ])('refuses %s', async (url) => {
    const error = await call(url, false).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundError);
    expect((error as OutboundError).kind).toBe('blocked');
  });

  it('reaches a loopback address when private targets are allowed', async () => {
    await expect(call(`http://localhost:${port}/`, true)).resolves.toEqual({
      status: 200,
      body: 'hello',
    });
  });

  it('refuses other schemes', async () => {
    const error = await call('file:///etc/passwd', true).catch((e: unknown) => e);
    expect((error as OutboundError).kind).toBe('invalid-url');
  });
});
