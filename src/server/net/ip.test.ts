import { describe, expect, it } from 'vitest';
import { ipMatches, isIpOrCidr, isPrivateAddress } from './ip.ts';

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

  it('knows private, loopback and link-local addresses', () => {
    expect(isPrivateAddress('192.168.1.1')).toBe(true);
    expect(isPrivateAddress('fe80::1')).toBe(true);
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(isPrivateAddress('2606:4700::1111')).toBe(false);
  });
});
