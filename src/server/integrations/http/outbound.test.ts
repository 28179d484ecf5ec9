import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { OutboundError, refusedAddressOf, sendOutbound } from './outbound.ts';

const server = createServer((_req, res) => res.end('hello'));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const call = (url: string, allowPrivate: boolean) =>
  sendOutbound({ url, method: 'GET', timeoutMs: 2_000, allowPrivate });

// URL forms of non-public targets. The URL parser turns decimal, octal, hex and short
// IPv4 forms into dotted quads (new URL('http://0x7f000001/').hostname is '127.0.0.1') and
// IPv6 into its canonical hex form ('[::ffff:127.0.0.1]' becomes '[::ffff:7f00:1]').
const refusedUrls = [
  `http://127.0.0.1:${port}/`,
  `http://localhost:${port}/`,
  'http://[::ffff:0:7f00:1]/',
  'http://2130706433/',
  'http://0x7f000001/',
  'http://017700000001/',
  'http://0177.0.0.1/',
  'http://0x7f.0.0.1/',
  'http://127.1/',
  'http://127.0.0.1./',
  'http://%31%32%37.0.0.1/',
  'http://0/',
  'http://0.0.0.0/',
  'http://10.1.2.3/',
  'http://0xa9fea9fe/',
  'http://169.254.169.254/latest/meta-data/',
  'http://100.64.0.1/',
  'http://192.0.2.1/',
  'http://198.51.100.1/',
  'http://203.0.113.1/',
  'http://198.18.0.1/',
  'http://224.0.0.1/',
  'http://255.255.255.255/',
  'http://[::]/',
  'http://[::1]/',
  'http://[0:0:0:0:0:0:0:1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://[::ffff:169.254.169.254]/',
  'http://[::127.0.0.1]/',
  'http://[::8.8.8.8]/',
  'http://[64:ff9b::127.0.0.1]/',
  'http://[64:ff9b::808:808]/',
  'http://[64:ff9b:1::a00:1]/',
  'http://[2002:7f00:1::1]/',
  'http://[2001::1]/',
  'http://[2001:db8::1]/',
  'http://[2001:2::1]/',
  'http://[fc00::1]/',
  'http://[fd00::1]/',
  'http://[fe80::1]/',
  'http://[fec0::1]/',
  'http://[ff02::1]/',
  'https://[::ffff:10.0.0.1]:8443/',
];

describe('sendOutbound: the SSRF guard', () => {
  it.each(refusedUrls)('refuses %s', async (url) => {
    const error = await call(url, false).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundError);
    expect((error as OutboundError).kind).toBe('blocked');
    expect((error as OutboundError).message).toMatch(/^Refused to call /);
  });

  it('names the address a host name resolved to', async () => {
    const error = await call(`http://localhost:${port}/`, false).catch((e: unknown) => e);
    expect((error as OutboundError).message).toMatch(
      /^Refused to call localhost \((127\.0\.0\.1|::1)\)/,
    );
  });

  it('reaches a loopback address when private targets are allowed', async () => {
    await expect(call(`http://localhost:${port}/`, true)).resolves.toMatchObject({
      status: 200,
      body: 'hello',
      bytes: 5,
      cut: false,
    });
  });

  it('refuses other schemes', async () => {
    const error = await call('file:///etc/passwd', true).catch((e: unknown) => e);
    expect((error as OutboundError).kind).toBe('invalid-url');
  });
});

describe('refusedAddressOf: the save-time check', () => {
  it.each([
    ['http://10.0.0.5/hook', '10.0.0.5'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['https://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
    ['http://[64:ff9b::a00:5]/', '64:ff9b::a00:5'],
    ['http://192.0.2.10:8080/x', '192.0.2.10'],
  ])('names the refused address of %s', async (url, address) => {
    await expect(refusedAddressOf(url)).resolves.toBe(address);
  });

  it('resolves host names: localhost is loopback', async () => {
    await expect(refusedAddressOf(`http://localhost:${port}/`)).resolves.toMatch(
      /^(127\.0\.0\.1|::1)$/,
    );
  });

  it.each([
    'https://8.8.8.8/hook',
    'http://[2606:4700:4700::1111]/',
    'http://[::ffff:1.1.1.1]/',
    'not a url',
    'http://no-such-host.invalid/',
  ])('finds nothing to refuse in %s, and never throws', async (url) => {
    await expect(refusedAddressOf(url)).resolves.toBeNull();
  });
});
