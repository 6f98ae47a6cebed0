import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { guardedLookup, refuseLiteralHost } from './address-guard.ts';

/**
 * One GET of an address someone else chose (a data source's feed, a link in a message), guarded
 * against reaching the server's own network: every hop's host is checked, as an IP literal or
 * after DNS resolution, before a socket opens (address-guard.ts); redirects are followed here, each
 * checked again, at most `maxRedirects`; the whole fetch, body included, has one deadline; at most
 * `maxBytes` are read, announced or not. The feed reader and the link preview use it.
 */

/** A fetch refused or failed, in words an admin or a log can read; the callers' errors extend it. */
export class GuardedFetchError extends Error {}

export type GuardedFetchOptions = {
  /** Which addresses may not be reached: blockedAddresses(FEED_ALLOW_PRIVATE_ADDRESSES). */
  blocks: (address: string) => boolean;
  headers: Record<string, string>;
  maxRedirects: number;
  maxBytes: number;
  timeoutMs: number;
  /** Ends the fetch early (the app closing). */
  signal?: AbortSignal | undefined;
  /** What is fetched, as the errors name it ("page", "feed"). */
  what: string;
  /** The caller's error for a refusal or failure. */
  fail: (message: string) => GuardedFetchError;
  /** Statuses answered as they are, their body unread, before any redirect (a feed's 304). */
  answeredAsIs?: readonly number[] | undefined;
  /** Looks at a 2xx answer's headers before its body is read: a message refuses the answer. */
  refuse?: ((headers: IncomingHttpHeaders) => string | null) | undefined;
};

export type GuardedAnswer = {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The address that answered, after redirects. */
  url: URL;
};

export async function guardedFetch(address: string, options: GuardedFetchOptions): Promise<GuardedAnswer> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let url = new URL(address);
  for (let hop = 0; hop <= options.maxRedirects; hop++) {
    const answer = await getOnce(url, options, signal);
    if ('location' in answer) {
      url = new URL(answer.location, url);
      continue;
    }
    return answer;
  }
  throw options.fail(`More than ${options.maxRedirects} redirects`);
}

function getOnce(
  url: URL,
  options: GuardedFetchOptions,
  signal: AbortSignal,
): Promise<GuardedAnswer | { location: string }> {
  const { what, fail, maxBytes } = options;
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.reject(fail(`Only http and https addresses are fetched, not ${url.protocol}`));
  try {
    refuseLiteralHost(url, options.blocks);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : fail(String(error)));
  }
  const client = url.protocol === 'https:' ? https : http;
  const describe = (error: Error): Error => {
    if (error.name === 'BlockedAddressError' || error instanceof GuardedFetchError) return error;
    if (error.name === 'AbortError' || error.name === 'TimeoutError')
      return fail(`The ${what} did not answer in time`);
    return fail(`The ${what} could not be fetched: ${error.message}`);
  };
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      { headers: options.headers, signal, lookup: guardedLookup(options.blocks) },
      (response) => {
        const status = response.statusCode ?? 0;
        const { headers } = response;
        if (options.answeredAsIs?.includes(status)) {
          response.resume();
          return resolve({ status, headers, body: Buffer.alloc(0), url });
        }
        if (status >= 300 && status < 400 && headers.location) {
          response.resume();
          return resolve({ location: headers.location });
        }
        if (status < 200 || status >= 300) {
          response.resume();
          return reject(fail(`The ${what} answered HTTP ${status}`));
        }
        const refusal = options.refuse?.(headers);
        if (refusal) {
          response.destroy();
          return reject(fail(refusal));
        }
        const tooLarge = () => fail(`The ${what} is larger than ${maxBytes} bytes`);
        if (Number(headers['content-length'] ?? 0) > maxBytes) {
          response.destroy();
          return reject(tooLarge());
        }
        // A body that trickles past the deadline is cut too, not only a slow answer.
        const onAbort = () => {
          response.destroy();
          reject(fail(`The ${what} did not answer in time`));
        };
        signal.addEventListener('abort', onAbort, { once: true });
        response.on('close', () => signal.removeEventListener('abort', onAbort));
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            reject(tooLarge());
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', (error) => reject(describe(error)));
        response.on('end', () => resolve({ status, headers, body: Buffer.concat(chunks), url }));
      },
    );
    request.on('error', (error) => reject(describe(error)));
  });
}
