import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * R-INTEG-7: addresses a feed fetch must never reach unless FEED_ALLOW_PRIVATE_ADDRESSES is set:
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

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96), if any. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const high = parseInt(hex[1] ?? '0', 16);
  const low = parseInt(hex[2] ?? '0', 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether `address` (an IP literal) is one a fetch must not reach (R-INTEG-7). */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family !== 6) return true; // not an address at all: refuse rather than guess
  const v4 = embeddedIpv4(bare);
  if (v4) return blocked.check(v4, 'ipv4');
  return blocked.check(bare, 'ipv6');
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
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && blocks(host)) throw new BlockedAddressError(host, host);
}

/** The rule a fetch applies: private addresses are blocked unless FEED_ALLOW_PRIVATE_ADDRESSES. */
export const blockedAddresses = (allowPrivate: boolean) => (allowPrivate ? () => false : isPrivateAddress);
