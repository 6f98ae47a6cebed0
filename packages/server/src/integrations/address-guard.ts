import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a feed fetch must never reach unless FEED_ALLOW_PRIVATE_ADDRESSES is set:
 * "this network", private, shared (carrier NAT), loopback, link-local (cloud metadata lives at
 * 169.254.169.254), benchmarking, multicast and reserved ranges, in IPv4 and IPv6.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address in any written form ('::', a dotted IPv4 tail). */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (tail) {
    const bytes = tail.split('.').map(Number);
    if (bytes.some((byte) => byte > 255)) return undefined;
    const [a = 0, b = 0, c = 0, d = 0] = bytes;
    text = `${text.slice(0, -tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const head = parse(halves[0] ?? '');
  const rest = halves.length === 2 ? parse(halves[1] ?? '') : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return undefined;
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...rest];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff)
    ? groups
    : undefined;
}

const dotted = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join('.');

/**
 * R-INTEG-9: the IPv4 address an IPv6 one carries in any of the forms a host may route to it:
 * IPv4-compatible (::a.b.c.d, written ::7f00:1 too), IPv4-mapped (::ffff:a.b.c.d), IPv4-translated
 * (::ffff:0:a.b.c.d), NAT64 (64:ff9b::/96), 6to4 (2002:AABB:CCDD::/48) and Teredo (2001:0::/32,
 * whose client address is stored inverted).
 */
function embeddedIpv4(groups: number[]): string | undefined {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const zeroes = (...values: number[]) => values.every((value) => value === 0);
  if (zeroes(g0, g1, g2, g3, g4) && (g5 === 0 || g5 === 0xffff)) return dotted(g6, g7);
  if (zeroes(g0, g1, g2, g3) && g4 === 0xffff && g5 === 0) return dotted(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && zeroes(g2, g3, g4, g5)) return dotted(g6, g7);
  if (g0 === 0x2002) return dotted(g1, g2);
  if (g0 === 0x2001 && g1 === 0) return dotted(g6 ^ 0xffff, g7 ^ 0xffff);
  return undefined;
}

/**
 * Whether `address` (an IP literal, bracketed or not, with or without a zone) is one a fetch must
 * not reach. IPv6 is normalised first (R-INTEG-9), so no spelling of a blocked address
 * passes: the IPv4 it carries is checked as IPv4, the rest against the IPv6 ranges.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family !== 6) return true; // not an address at all: refuse rather than guess
  const groups = ipv6Groups(bare);
  if (!groups) return true;
  const v4 = embeddedIpv4(groups);
  if (v4 && blocked.check(v4, 'ipv4')) return true;
  // Other transition ranges no building's feed lives behind: refused whatever they carry.
  if (groups[0] === 0x64 && groups[1] === 0xff9b) return true;
  const canonical = groups.map((group) => group.toString(16)).join(':');
  return blocked.check(canonical, 'ipv6');
}

export class BlockedAddressError extends Error {
  constructor(host: string, address: string) {
    super(
      host === address
        ? `${address} is a private address; feeds are fetched from public addresses only`
        : `${host} resolves to ${address}, a private address; feeds are fetched from public addresses only`,
    );
    this.name = 'BlockedAddressError';
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request that resolves the host and refuses when any of its addresses is
 * private, so the socket only ever connects to an address that was checked (no second resolution a
 * rebinding DNS server could answer differently).
 */
export function guardedLookup(blocks: (address: string) => boolean) {
  return (hostname: string, options: { all?: boolean | undefined }, callback: LookupCallback): void => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses.find((a) => blocks(a.address));
      if (refused) return callback(new BlockedAddressError(hostname, refused.address), []);
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first)
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}

/** Refuses a URL whose host is a blocked IP literal (those never reach `lookup`). */
export function refuseLiteralHost(url: URL, blocks: (address: string) => boolean): void {
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(host) !== 0 && blocks(host)) throw new BlockedAddressError(host, host);
}

/** The rule a fetch applies: private addresses are blocked unless FEED_ALLOW_PRIVATE_ADDRESSES. */
export const blockedAddresses = (allowPrivate: boolean) => (allowPrivate ? () => false : isPrivateAddress);
