/**
 * R-PREVIEW-2: a link's page is fetched with the feed fetch's guard (R-INTEG-7): never from private,
 * loopback, link-local or metadata addresses, every redirect checked again, within a time and size
 * cap, HTML only. The pages come from a real HTTP server on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_PREVIEW_MAX_HTML_BYTES, LINK_PREVIEW_TITLE_MAX } from '@stoop/shared';
import { blockedAddresses, isPrivateAddress } from '../integrations/address-guard.ts';
import { ogPage, startPageServer } from '../test/page-server.ts';
import { fetchPage, type PageFetchOptions } from './fetch-page.ts';
import { parsePage } from './parse-page.ts';

let pages: Awaited<ReturnType<typeof startPageServer>>;

beforeAll(async () => {
  pages = await startPageServer({
    '/article': { body: ogPage({ title: 'Roof garden opens', description: 'Saturday at ten' }) },
    '/to-loopback': { status: 302, headers: { location: 'http://127.0.0.2/admin' } },
    '/to-metadata': { status: 301, headers: { location: 'http://169.254.169.254/latest/meta-data/' } },
    '/to-ipv6-loopback': { status: 307, headers: { location: 'http://[::1]/' } },
    '/to-article': { status: 302, headers: { location: '/article' } },
    '/big': { body: `<html><head><title>Big</title></head><body>${'x'.repeat(LINK_PREVIEW_MAX_HTML_BYTES)}` },
    '/big-chunked': { trickleMs: 1, body: '' },
    '/slow': { delayMs: Infinity },
    '/trickle': { trickleMs: 100 },
    '/pdf': { type: 'application/pdf', body: '%PDF-1.7' },
  });
});
afterAll(() => pages.close());

const html = {
  accept: 'text/html',
  accepts: (type: string) => type === 'text/html',
  maxBytes: LINK_PREVIEW_MAX_HTML_BYTES,
};
const byDefault: PageFetchOptions = { ...html, blocks: blockedAddresses(false) };
/** The local server stands in for a public site; every other address follows the default rule. */
const localIsPublic: PageFetchOptions = {
  ...html,
  blocks: (address) => address !== '127.0.0.1' && isPrivateAddress(address),
};

describe('R-PREVIEW-2: the address guard', () => {
  it('refuses 127.0.0.1, [::1] and 169.254.169.254 without sending them anything', async () => {
    const before = pages.hits('/article');
    await expect(fetchPage(`${pages.base}/article`, byDefault)).rejects.toThrow(
      /127\.0\.0\.1 is a private address/,
    );
    expect(pages.hits('/article')).toBe(before);
    await expect(fetchPage('http://[::1]/', byDefault)).rejects.toThrow(/private address/);
    await expect(fetchPage('http://[::ffff:127.0.0.1]/', byDefault)).rejects.toThrow(/private address/);
    await expect(fetchPage('http://169.254.169.254/latest/meta-data/', byDefault)).rejects.toThrow(
      /169\.254\.169\.254 is a private address/,
    );
    const port = new URL(pages.base).port;
    await expect(fetchPage(`http://localhost:${port}/article`, byDefault)).rejects.toThrow(
      /localhost resolves to/,
    );
    await expect(fetchPage('ftp://example.org/', byDefault)).rejects.toThrow(/Only http and https/);
  });

  it('checks every redirect again: to loopback, to the metadata service, to IPv6 loopback', async () => {
    for (const path of ['/to-loopback', '/to-metadata', '/to-ipv6-loopback'])
      await expect(fetchPage(`${pages.base}${path}`, localIsPublic), path).rejects.toThrow(/private address/);
    // A redirect to a public page is followed.
    const page = await fetchPage(`${pages.base}/to-article`, localIsPublic);
    expect(page.finalUrl.pathname).toBe('/article');
    expect(page.body.toString()).toContain('Roof garden opens');
  });
});

describe('R-PREVIEW-2: the caps', () => {
  it('refuses a page over 512 KB, announced or not', async () => {
    await expect(fetchPage(`${pages.base}/big`, localIsPublic)).rejects.toThrow(/larger than 524288 bytes/);
    await expect(
      fetchPage(`${pages.base}/big-chunked`, { ...localIsPublic, maxBytes: 4096 }),
    ).rejects.toThrow(/larger than 4096 bytes/);
  });

  it('gives up on a page that does not answer, or trickles, past the time-out', async () => {
    const started = Date.now();
    await expect(fetchPage(`${pages.base}/slow`, { ...localIsPublic, timeoutMs: 300 })).rejects.toThrow(
      /did not answer in time/,
    );
    await expect(fetchPage(`${pages.base}/trickle`, { ...localIsPublic, timeoutMs: 300 })).rejects.toThrow(
      /did not answer in time/,
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reads HTML only', async () => {
    await expect(fetchPage(`${pages.base}/pdf`, localIsPublic)).rejects.toThrow(
      /application\/pdf, not one previewed/,
    );
  });
});

describe('R-PREVIEW-1: what a page says about itself', () => {
  const at = new URL('https://news.example.org/a/b?c=1');
  it('reads Open Graph first, then Twitter cards, then <title> and the description', () => {
    expect(
      parsePage(
        `<html><head><title>Plain</title><meta name="description" content="Desc &amp; more">
        <meta property="og:title" content="OG &quot;title&quot;"><meta property="og:image" content="/img/x.png">
        <meta property="og:site_name" content="The News"><link rel="canonical" href="https://news.example.org/a">
        </head><body><meta property="og:title" content="not in the head"></body></html>`,
        at,
      ),
    ).toEqual({
      title: 'OG "title"',
      description: 'Desc & more',
      siteName: 'The News',
      imageUrl: 'https://news.example.org/img/x.png',
      canonicalUrl: 'https://news.example.org/a',
    });
    expect(
      parsePage(
        `<head><meta name="twitter:title" content='Tweeted'><meta name="twitter:description" content="Short">
         <meta name="twitter:image" content="javascript:alert(1)"></head>`,
        at,
      ),
    ).toEqual({
      title: 'Tweeted',
      description: 'Short',
      siteName: 'news.example.org',
      imageUrl: null,
      canonicalUrl: at.href,
    });
    expect(parsePage('<head><title>  Just   a <b>title</b> </title></head>', at)?.title).toBe('Just a title');
  });

  it('gives no card for a page without a title, and cuts a long one', () => {
    expect(parsePage('<html><head></head><body>hello</body></html>', at)).toBeNull();
    const long = parsePage(`<title>${'word '.repeat(100)}</title>`, at);
    expect(long?.title.length).toBeLessThanOrEqual(LINK_PREVIEW_TITLE_MAX);
    expect(long?.title.endsWith('…')).toBe(true);
  });
});
