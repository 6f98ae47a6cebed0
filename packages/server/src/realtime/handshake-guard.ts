import type { Config } from '../config.ts';
import { corsOriginAllowed } from '../http/cors.ts';
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * R-LIMIT-8: may a socket handshake with this Origin header go on? Allowed: no Origin (not a
 * browser: browsers send one on every WebSocket and cross-site poll, so a missing one cannot be a
 * page of another site), PUBLIC_URL's origin, the host the request was sent to (same origin), the
 * native apps' origins, and, when PUBLIC_URL is not https (local use), any loopback origin such as
 * the Vite dev server's.
 */
export function originAllowed(
  config: Pick<Config, 'PUBLIC_URL' | 'secureCookies' | 'CORS_ORIGINS'>,
  origin: string | undefined,
  host: string | undefined,
): boolean {
  if (origin === undefined) return true;
  if (corsOriginAllowed(config, origin)) return true;
  if (origin === originOf(config.PUBLIC_URL)) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (host !== undefined && parsed.host === host) return true;
  return !config.secureCookies && LOOPBACK_HOSTS.has(parsed.hostname);
}

/** The error a refused handshake ends with: the message is the code, `data` says it in words. */
export function handshakeError(code: string, message: string): Error & { data: { message: string } } {
  return Object.assign(new Error(code), { data: { message } });
}
