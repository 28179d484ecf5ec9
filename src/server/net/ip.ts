import { BlockList, isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

// IP address helpers: the SSRF guard's test of outbound targets, and the allowed-IP
// lists of clients and admins (single addresses or CIDR ranges, IPv4 or IPv6).

/** "::ffff:10.0.0.1" is an IPv4 address in IPv6 clothing: judge it as IPv4. */
export function normaliseIp(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

// IANA's global unicast space (RFC 4291 §2.4). ipaddr.js calls every IPv6 address outside
// its special ranges 'unicast', including ::/96 (IPv4-compatible, a tunnel to the IPv4
// address inside) and the rest of ::/8 and the other IETF-reserved blocks.
const globalUnicastV6 = ipaddr.parseCIDR('2000::/3');

/**
 * True unless `address` is a global unicast address (DESIGN §2): private, loopback,
 * link-local, CGNAT, documentation, benchmarking, multicast, reserved, and every IPv6
 * form that embeds or tunnels another address (IPv4-compatible, NAT64, 6to4, Teredo)
 * are all refused. An IPv4-mapped IPv6 address is judged as the IPv4 address inside it,
 * since that is where the socket connects. Anything Node does not take for an address,
 * or an address with a zone (only link-local ones have one), is refused too.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0 || address.includes('%')) return true;
  try {
    if (family === 4) return ipaddr.IPv4.parse(address).range() !== 'unicast';
    const ip = ipaddr.IPv6.parse(dottedQuadToHex(address));
    if (ip.isIPv4MappedAddress()) return ip.toIPv4Address().range() !== 'unicast';
    return ip.range() !== 'unicast' || !ip.match(globalUnicastV6);
  } catch {
    return true; // Node and ipaddr.js disagree on the form: refuse rather than guess
  }
}

/**
 * ipaddr.js reads "::a.b.c.d" as the IPv4-mapped "::ffff:a.b.c.d", but the socket
 * connects to the IPv4-compatible ::a.b.c.d; writing the dotted quad as two hex groups
 * first keeps the address judged the address connected to. Node has checked the quad.
 */
function dottedQuadToHex(address: string): string {
  return address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (...quad: string[]) => {
    const [a, b, c, d] = quad.slice(1, 5).map(Number) as [number, number, number, number];
    return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  });
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
