import { FEED_FETCH_TIMEOUT_MS, FEED_MAX_BYTES, FEED_MAX_REDIRECTS } from '@stoop/shared';
import { GuardedFetchError, guardedFetch } from './guarded-fetch.ts';

export type FetchOptions = {
  /**
   * Which addresses may not be reached: blockedAddresses(FEED_ALLOW_PRIVATE_ADDRESSES).
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

export class FeedFetchError extends GuardedFetchError {
  constructor(message: string) {
    super(message);
    this.name = 'FeedFetchError';
  }
}

const USER_AGENT = 'Stoop feed reader';
/** A conditional GET's answer when the feed has not changed since the etag or date sent. */
const NOT_MODIFIED = 304;
const ACCEPT = 'application/rss+xml, application/atom+xml, text/calendar, application/xml;q=0.9, */*;q=0.5';

/**
 * One conditional GET of a feed through the guarded fetch (guarded-fetch.ts): every hop is checked
 * against the private-address rule before a socket is opened, with a time-out over the whole fetch
 * and a cap on the bytes read. A 304 answers that nothing changed.
 */
export async function fetchFeed(address: string, options: FetchOptions): Promise<FetchResult> {
  const headers: Record<string, string> = { 'user-agent': USER_AGENT, accept: ACCEPT };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;
  const answer = await guardedFetch(address, {
    blocks: options.blocks,
    headers,
    maxRedirects: FEED_MAX_REDIRECTS,
    maxBytes: options.maxBytes ?? FEED_MAX_BYTES,
    timeoutMs: options.timeoutMs ?? FEED_FETCH_TIMEOUT_MS,
    what: 'feed',
    fail: (message) => new FeedFetchError(message),
    answeredAsIs: [NOT_MODIFIED],
  });
  if (answer.status === NOT_MODIFIED) return { status: 'not-modified' };
  return {
    status: 'ok',
    body: answer.body.toString('utf8'),
    etag: answer.headers.etag ?? null,
    lastModified: answer.headers['last-modified'] ?? null,
  };
}
