/**
 * R-INTEG-7: feed fetches never reach private, loopback or link-local addresses unless allowed,
 * checked after DNS resolution and on every redirect, before a connection is opened. The refusals
 * of 10.0.0.1 and 169.254.169.254 must happen before any traffic: nothing here may reach them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedAddresses, isPrivateAddress } from './address-guard.ts';
import { fetchFeed } from './fetch-feed.ts';

let server: Server;
let base: string;
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const url = new URL(request.url ?? '/', 'http://x');
    const to = url.searchParams.get('to');
    if (to) {
      response.writeHead(302, { location: to });
      response.end();
    } else if (url.pathname === '/big') {
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      response.end('x'.repeat(4096));
    } else if (url.pathname === '/slow') {
      // Never answers: the fetch's time-out ends it.
    } else {
      response.writeHead(200, { 'content-type': 'application/rss+xml', etag: '"v1"' });
      response.end('<rss><channel></channel></rss>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const byDefault = { blocks: blockedAddresses(false) };
/** The local server stands in for a public one; every other address follows the default rule. */
const localIsPublic = { blocks: (address: string) => address !== '127.0.0.1' && isPrivateAddress(address) };

describe('R-INTEG-7 private addresses', () => {
  it('classifies loopback, private, link-local, mapped and public addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '169.254.169.254',
      '192.168.1.1',
      '172.16.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('R-INTEG-9: every IPv6 spelling of loopback, private, link-local and metadata addresses is refused, in a URL too', async () => {
    const refused = [
      // loopback and "this host"
      '[::1]',
      '[0:0:0:0:0:0:0:1]',
      '[::]',
      '[::127.0.0.1]',
      '[::7f00:1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '[::ffff:0:7f00:1]',
      '[::ffff:0:127.0.0.1]',
      '[0000:0000:0000:0000:0000:ffff:7f00:0001]',
      '[64:ff9b::127.0.0.1]',
      '[64:ff9b::7f00:1]',
      '[2002:7f00:1::]',
      '[2001:0:4136:e378:8000:63bf:80ff:fffe]',
      // private
      '[::ffff:10.0.0.1]',
      '[::10.0.0.1]',
      '[::ffff:0:c0a8:101]',
      '[fd00::1]',
      '[fc00::1]',
      '[fec0::1]',
      // link-local, with and without a zone
      '[fe80::1]',
      '[febf:ffff::1]',
      // the metadata service, IPv4 inside IPv6 and AWS's own IPv6 address
      '[::ffff:169.254.169.254]',
      '[::ffff:a9fe:a9fe]',
      '[::169.254.169.254]',
      '[64:ff9b::a9fe:a9fe]',
      '[2002:a9fe:a9fe::1]',
      '[fd00:ec2::254]',
      // multicast and documentation
      '[ff02::1]',
      '[2001:db8::1]',
    ];
    for (const host of refused) {
      const url = new URL(`http://${host}/feed.ics`);
      expect(isPrivateAddress(url.hostname), `${host} as ${url.hostname}`).toBe(true);
      await expect(fetchFeed(url.href, byDefault), host).rejects.toThrow(/private address/);
    }
    // A zone never survives URL parsing, but an address with one is refused as written.
    expect(isPrivateAddress('fe80::1%eth0')).toBe(true);
    expect(isPrivateAddress('[fe80::1%25eth0]')).toBe(true);
    for (const address of ['[2606:4700:4700::1111]', '[::ffff:1.1.1.1]', '[2002:5db8:d822::1]'])
      expect(isPrivateAddress(new URL(`http://${address}/`).hostname), address).toBe(false);
  });

  it('refuses 127.0.0.1 without sending it anything', async () => {
    const before = requests.length;
    await expect(fetchFeed(`${base}/feed`, byDefault)).rejects.toThrow(/127\.0\.0\.1 is a private address/);
    expect(requests.length).toBe(before);
  });

  it('refuses 10.0.0.1 and 169.254.169.254 before connecting', async () => {
    await expect(fetchFeed('http://10.0.0.1/feed', byDefault)).rejects.toThrow(
      /10\.0\.0\.1 is a private address/,
    );
    await expect(fetchFeed('http://169.254.169.254/latest/meta-data/', byDefault)).rejects.toThrow(
      /169\.254\.169\.254 is a private address/,
    );
    // The same addresses written in other ways are the same addresses.
    await expect(fetchFeed('http://0xa9fea9fe/', byDefault)).rejects.toThrow(/169\.254\.169\.254/);
    await expect(fetchFeed('http://[::ffff:10.0.0.1]/', byDefault)).rejects.toThrow(/private address/);
  });

  it('refuses a name that resolves to a loopback address (checked after DNS)', async () => {
    const before = requests.length;
    const port = new URL(base).port;
    await expect(fetchFeed(`http://localhost:${port}/feed`, byDefault)).rejects.toThrow(
      /localhost resolves to/,
    );
    expect(requests.length).toBe(before);
  });

  it('refuses a redirect to 127.0.0.2, 10.0.0.1 or 169.254.169.254', async () => {
    for (const target of [
      'http://127.0.0.2/feed',
      'http://10.0.0.1/feed',
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      await expect(
        fetchFeed(`${base}/hop?to=${encodeURIComponent(target)}`, localIsPublic),
        target,
      ).rejects.toThrow(/is a private address/);
    }
  });

  it('fetches from a local server when private addresses are allowed, following redirects', async () => {
    const result = await fetchFeed(`${base}/hop?to=${encodeURIComponent('/feed')}`, {
      blocks: blockedAddresses(true),
    });
    expect(result).toMatchObject({ status: 'ok', etag: '"v1"' });
  });

  it('refuses an answer over the size cap and a server that does not answer in time', async () => {
    const allowed = { blocks: blockedAddresses(true) };
    await expect(fetchFeed(`${base}/big`, { ...allowed, maxBytes: 1024 })).rejects.toThrow(
      /larger than 1024 bytes/,
    );
    await expect(fetchFeed(`${base}/slow`, { ...allowed, timeoutMs: 200 })).rejects.toThrow(
      /did not answer in time/,
    );
  });

  it('refuses other schemes', async () => {
    await expect(fetchFeed('file:///etc/passwd', byDefault)).rejects.toThrow(/Only http and https/);
  });
});
