import { LINK_PREVIEW_MAX_REDIRECTS, LINK_PREVIEW_TIMEOUT_MS } from '@stoop/shared';
import { GuardedFetchError, guardedFetch } from '../integrations/guarded-fetch.ts';

export type PageFetchOptions = {
  /** BlockedAddresses(FEED_ALLOW_PRIVATE_ADDRESSES), checked on every hop before connecting. */
  blocks: (address: string) => boolean;
  /** What the answer's Content-Type must be (without parameters), else the fetch fails. */
  accepts: (mimeType: string) => boolean;
  accept: string;
  maxBytes: number;
  timeoutMs?: number | undefined;
  /** Ends the fetch early (the app closing). */
  signal?: AbortSignal | undefined;
};

export type FetchedPage = { body: Buffer; mimeType: string; charset: string | null; finalUrl: URL };

class PageFetchError extends GuardedFetchError {
  constructor(message: string) {
    super(message);
    this.name = 'PageFetchError';
  }
}

const USER_AGENT = 'Stoop link preview';

/** A Content-Type's type (lower case, without parameters) and its charset, if it names one. */
function contentTypeOf(header: string | undefined): { mimeType: string; charset: string | null } {
  const [type = '', ...parameters] = (header ?? '').split(';');
  const charset =
    parameters.map((p) => /^\s*charset=["']?([\w-]+)/i.exec(p)?.[1]).find((c) => c !== undefined) ?? null;
  return { mimeType: type.trim().toLowerCase(), charset };
}

/**
 * One GET of a link's page or image through the feed fetch's guard (integrations/guarded-fetch.ts):
 * every hop's host is resolved and refused when private, loopback, link-local or reserved before a
 * socket opens, redirects are followed there (each checked again), the whole fetch has one
 * deadline, the type must be one asked for and at most `maxBytes` are read.
 */
export async function fetchPage(address: string, options: PageFetchOptions): Promise<FetchedPage> {
  const answer = await guardedFetch(address, {
    blocks: options.blocks,
    headers: { 'user-agent': USER_AGENT, accept: options.accept },
    maxRedirects: LINK_PREVIEW_MAX_REDIRECTS,
    maxBytes: options.maxBytes,
    timeoutMs: options.timeoutMs ?? LINK_PREVIEW_TIMEOUT_MS,
    signal: options.signal,
    what: 'page',
    fail: (message) => new PageFetchError(message),
    refuse: (headers) => {
      const { mimeType } = contentTypeOf(headers['content-type']);
      return options.accepts(mimeType) ? null : `The page is ${mimeType || 'of no type'}, not one previewed`;
    },
  });
  const { mimeType, charset } = contentTypeOf(answer.headers['content-type']);
  return { body: answer.body, mimeType, charset, finalUrl: answer.url };
}
