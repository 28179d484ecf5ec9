import { describe, expect, it } from 'vitest';
import { ipMatches, isIpOrCidr, isPrivateAddress, normaliseIp } from './ip.ts';

describe('ip helpers', () => {
  it('accepts addresses and CIDR ranges, and nothing else', () => {
    for (const ok of ['1.2.3.4', '10.0.0.0/8', '2001:db8::1', '2001:db8::/32', '0.0.0.0/0']) {
      expect(isIpOrCidr(ok)).toBe(true);
    }
    for (const bad of [
      '1.2.3',
      '1.2.3.4/33',
      '::1/129',
      'example.com',
      '1.2.3.4/x',
      '1.2.3.4/8/8',
      '',
    ]) {
      expect(isIpOrCidr(bad)).toBe(false);
    }
  });

  it('matches single addresses, ranges and IPv4-mapped IPv6', () => {
    const list = ['203.0.113.7', '198.51.100.0/24', '2001:db8::/32'];
    expect(ipMatches('203.0.113.7', list)).toBe(true);
    expect(ipMatches('::ffff:198.51.100.20', list)).toBe(true);
    expect(ipMatches('2001:db8::abcd', list)).toBe(true);
    expect(ipMatches('203.0.113.8', list)).toBe(false);
  });

  it('keeps IPv4-mapped addresses matching their IPv4 entries', () => {
    expect(normaliseIp('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(normaliseIp('2001:db8::1')).toBe('2001:db8::1');
    expect(ipMatches('::ffff:203.0.113.7', ['203.0.113.7'])).toBe(true);
    expect(ipMatches('not-an-ip', ['0.0.0.0/0'])).toBe(false);
  });
});

// Every address form that is not global unicast, as a socket or DNS lookup gives it.
const refused = [
  ['unspecified', '0.0.0.0'],
  ['"this network"', '0.1.2.3'],
  ['private 10/8', '10.0.0.5'],
  ['private 172.16/12', '172.31.255.254'],
  ['private 192.168/16', '192.168.1.1'],
  ['carrier-grade NAT', '100.64.0.1'],
  ['loopback', '127.0.0.1'],
  ['loopback, not .1', '127.255.255.254'],
  ['link-local (cloud metadata)', '169.254.169.254'],
  ['IETF protocol assignments', '192.0.0.9'],
  ['documentation TEST-NET-1', '192.0.2.1'],
  ['documentation TEST-NET-2', '198.51.100.7'],
  ['documentation TEST-NET-3', '203.0.113.9'],
  ['benchmarking', '198.18.0.1'],
  ['benchmarking, upper half', '198.19.255.255'],
  ['6to4 relay anycast', '192.88.99.1'],
  ['AS112', '192.175.48.1'],
  ['AMT', '192.52.193.1'],
  ['multicast', '224.0.0.1'],
  ['reserved 240/4', '240.0.0.1'],
  ['broadcast', '255.255.255.255'],
  ['IPv6 unspecified', '::'],
  ['IPv6 loopback', '::1'],
  ['IPv6 loopback, long form', '0:0:0:0:0:0:0:1'],
  ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
  ['IPv4-mapped loopback, upper case', '::FFFF:127.0.0.1'],
  ['IPv4-mapped loopback, hex', '::ffff:7f00:1'],
  ['IPv4-mapped private', '::ffff:10.0.0.1'],
  ['IPv4-mapped metadata', '::ffff:a9fe:a9fe'],
  ['IPv4-mapped documentation', '::ffff:192.0.2.1'],
  ['IPv4-compatible loopback', '::127.0.0.1'],
  ['IPv4-compatible, public inside', '::8.8.8.8'],
  ['IPv4-compatible, hex', '::808:808'],
  ['IPv4-translated (SIIT)', '::ffff:0:808:808'],
  ['NAT64 well-known prefix', '64:ff9b::808:808'],
  ['NAT64 well-known prefix, dotted', '64:ff9b::127.0.0.1'],
  ['NAT64 local-use prefix', '64:ff9b:1::a00:1'],
  ['6to4', '2002:7f00:1::1'],
  ['6to4, public inside', '2002:808:808::1'],
  ['Teredo', '2001::1'],
  ['Teredo with an address', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  ['documentation 2001:db8::/32', '2001:db8::1'],
  ['documentation 3fff::/20', '3fff::1'],
  ['benchmarking 2001:2::/48', '2001:2::1'],
  ['ORCHIDv2', '2001:20::1'],
  ['discard-only', '100::1'],
  ['segment routing', '5f00::1'],
  ['unique local fc00::/7', 'fc00::1'],
  ['unique local fd00::/8', 'fd12:3456::1'],
  ['link-local', 'fe80::1'],
  ['link-local with a zone', 'fe80::1%eth0'],
  ['site-local (deprecated)', 'fec0::1'],
  ['multicast', 'ff02::1'],
  ['IETF-reserved ::/8', '::1:0:0:1'],
  ['outside 2000::/3', '4000::1'],
  ['not an address', 'localhost'],
  ['hex IPv4 (not a socket form)', '0x7f000001'],
  ['empty', ''],
] as const;

const allowed = [
  '8.8.8.8',
  '1.1.1.1',
  '93.184.215.14',
  '2606:4700:4700::1111',
  '2001:4860:4860::8888',
  '2a00:1450:4001:80b::200e',
  // Judged as the IPv4 address inside it: the socket connects there over IPv4.
  '::ffff:8.8.8.8',
  '::ffff:808:808',
];

describe('isPrivateAddress: only global unicast is allowed (ipaddr.js ranges)', () => {
  it('has a table of at least 30 refused forms', () => {
    expect(refused.length).toBeGreaterThanOrEqual(30);
  });

  it.each(refused)('refuses %s: %s', (_kind, address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(allowed)('allows %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});
