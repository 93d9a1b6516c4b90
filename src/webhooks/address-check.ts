/**
 * Which addresses a webhook may never reach (no SSRF): loopback, private, link-local,
 * carrier-grade NAT, multicast, unspecified and reserved ranges, in IPv4 and IPv6,
 * IPv4-mapped IPv6 included. Checked on the resolved addresses, never on the name,
 * so `localhost`, `0x7f000001` or a DNS name pointing inwards are all caught.
 */
import net from 'node:net';

export type AddressVerdict = 'public' | 'loopback' | 'forbidden';

const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const forbidden = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['169.254.0.0', 16], // link-local (cloud metadata lives here)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  forbidden.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128], // unspecified
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 can reach any IPv4 address, inner ones included
  ['2001:db8::', 32], // documentation
] as const)
  forbidden.addSubnet(prefix, bits, 'ipv6');

/** An IPv4-mapped (::ffff:a.b.c.d or ::ffff:7f00:1) or IPv4-compatible IPv6 address as IPv4. */
function embeddedIpv4(ipv6: string): string | null {
  const lower = ipv6.toLowerCase();
  const dotted = /^(?:::ffff:|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|::ffff:0:)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1], 16);
    const lo = parseInt(hex[2], 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

export function classifyAddress(address: string): AddressVerdict {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = net.isIP(bare);
  if (family === 0) return 'forbidden'; // not an address at all: never connect to it
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4) return classifyAddress(v4);
    if (loopback.check(bare, 'ipv6')) return 'loopback';
    return forbidden.check(bare, 'ipv6') ? 'forbidden' : 'public';
  }
  if (loopback.check(bare, 'ipv4')) return 'loopback';
  return forbidden.check(bare, 'ipv4') ? 'forbidden' : 'public';
}

/** Whether a connection to this address may go out; loopback only under the test setting. */
export function mayConnect(address: string, allowLoopback: boolean): boolean {
  const verdict = classifyAddress(address);
  return verdict === 'public' || (verdict === 'loopback' && allowLoopback);
}

/**
 * Names that must not be looked up at all: `localhost` and `*.localhost` mean
 * loopback by definition (RFC 6761), `.invalid` never resolves. Refusing them
 * before resolution also keeps tests from sending DNS queries anywhere.
 */
export function reservedName(hostname: string): 'loopback' | 'invalid' | null {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return 'loopback';
  if (h === 'invalid' || h.endsWith('.invalid')) return 'invalid';
  return null;
}
