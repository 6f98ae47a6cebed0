import http from 'node:http';
import https from 'node:https';
import { FEED_FETCH_TIMEOUT_MS, FEED_MAX_BYTES, FEED_MAX_REDIRECTS } from '@stoop/shared';
import { guardedLookup, refuseLiteralHost } from './address-guard.ts';

export type FetchOptions = {
  /**
   * Which addresses may not be reached (R-INTEG-7): blockedAddresses(FEED_ALLOW_PRIVATE_ADDRESSES).
   * Checked for the first address and every redirect, after DNS resolution and before connecting.
   */
  blocks: (address: string) => boolean;
  etag?: string | null | undefined;
  lastModified?: string | null | undefined;
  timeoutMs?: number;
  maxBytes?: number;
};

export type FetchResult =
  | { status: 'not-modified' }
  | { status: 'ok'; body: string; etag: string | null; lastModified: string | null };

export class FeedFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedFetchError';
  }
}

const USER_AGENT = 'Stoop feed reader';

/**
 * R-INTEG-6, R-INTEG-7: one conditional GET of a feed, following redirects itself so that every
 * hop is checked against the private-address rule before a socket is opened, with a time-out over
 * the whole fetch and a cap on the bytes read.
 */
export async function fetchFeed(address: string, options: FetchOptions): Promise<FetchResult> {
  const deadline = AbortSignal.timeout(options.timeoutMs ?? FEED_FETCH_TIMEOUT_MS);
  let url = new URL(address);
  for (let hop = 0; hop <= FEED_MAX_REDIRECTS; hop++) {
    const answer = await getOnce(url, options, deadline);
    if (answer.kind === 'redirect') {
      url = new URL(answer.location, url);
      continue;
    }
    return answer.result;
  }
  throw new FeedFetchError(`More than ${FEED_MAX_REDIRECTS} redirects`);
}

type Hop = { kind: 'redirect'; location: string } | { kind: 'done'; result: FetchResult };

function getOnce(url: URL, options: FetchOptions, signal: AbortSignal): Promise<Hop> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.reject(
      new FeedFetchError(`Only http and https addresses are fetched, not ${url.protocol}`),
    );
  refuseLiteralHost(url, options.blocks);
  const maxBytes = options.maxBytes ?? FEED_MAX_BYTES;
  const headers: Record<string, string> = {
    'user-agent': USER_AGENT,
    accept: 'application/rss+xml, application/atom+xml, text/calendar, application/xml;q=0.9, */*;q=0.5',
  };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const request = client.get(
      url,
      { headers, signal, lookup: guardedLookup(options.blocks) },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && status !== 304 && location) {
          response.resume();
          return resolve({ kind: 'redirect', location });
        }
        if (status === 304) {
          response.resume();
          return resolve({ kind: 'done', result: { status: 'not-modified' } });
        }
        if (status < 200 || status >= 300) {
          response.resume();
          return reject(new FeedFetchError(`The feed answered HTTP ${status}`));
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          response.destroy();
          return reject(new FeedFetchError(`The feed is larger than ${maxBytes} bytes`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            reject(new FeedFetchError(`The feed is larger than ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', (error) => reject(describe(error)));
        response.on('end', () =>
          resolve({
            kind: 'done',
            result: {
              status: 'ok',
              body: Buffer.concat(chunks).toString('utf8'),
              etag: response.headers.etag ?? null,
              lastModified: response.headers['last-modified'] ?? null,
            },
          }),
        );
      },
    );
    request.on('error', (error) => reject(describe(error)));
  });
}

function describe(error: Error): Error {
  if (error.name === 'BlockedAddressError' || error.name === 'FeedFetchError') return error;
  if (error.name === 'AbortError' || error.name === 'TimeoutError')
    return new FeedFetchError('The feed did not answer in time');
  return new FeedFetchError(`The feed could not be fetched: ${error.message}`);
}
