import { BlockList, isIP } from 'node:net';

// IP address helpers: private-range detection for the SSRF guard, and the allowed-IP
// lists of clients and admins (single addresses or CIDR ranges, IPv4 or IPv6).

const PRIVATE_RANGES: [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

const privateRanges = new BlockList();
for (const [network, prefix, type] of PRIVATE_RANGES)
  privateRanges.addSubnet(network, prefix, type);

/** "::ffff:10.0.0.1" is an IPv4 address in IPv6 clothing: judge it as IPv4. */
export function normaliseIp(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

export function isPrivateAddress(address: string): boolean {
  const ip = normaliseIp(address);
  const family = isIP(ip);
  if (family === 0) return true; // not an address at all: refuse rather than guess
  return privateRanges.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** An address or CIDR range, e.g. 203.0.113.7, 203.0.113.0/24, 2001:db8::/32. */
export function isIpOrCidr(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** True when `address` is one of `entries` (addresses or CIDR ranges). */
export function ipMatches(address: string, entries: string[]): boolean {
  const ip = normaliseIp(address);
  const family = isIP(ip);
  if (family === 0) return false;
  const list = new BlockList();
  for (const entry of entries) {
    const [network = '', prefix] = entry.split('/');
    const type = isIP(network) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(normaliseIp(network), type);
    else list.addSubnet(network, Number(prefix), type);
  }
  return list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}
