import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Config } from '../../config.ts';

const SESSION_COOKIE = 'stoop_session';
const CSRF_COOKIE = 'stoop_csrf';
/** Browsers only accept it on a Secure, host-only, path-/ cookie, so no sibling domain can plant one. */
const HOST_PREFIX = '__Host-';

/**
 * R-SESSION-11: the cookie names. With an https PUBLIC_URL they carry the `__Host-` prefix; over
 * plain http (local use) browsers would refuse that prefix, so the plain names stay.
 */
export function cookieNames(config: Pick<Config, 'secureCookies'>): { session: string; csrf: string } {
  const prefix = config.secureCookies ? HOST_PREFIX : '';
  return { session: `${prefix}${SESSION_COOKIE}`, csrf: `${prefix}${CSRF_COOKIE}` };
}

/** Secure when PUBLIC_URL is https, or the request itself is https (X-Forwarded-Proto with TRUST_PROXY). */
function isSecure(request: FastifyRequest): boolean {
  return request.server.config.secureCookies || request.protocol === 'https';
}

export function cookieOptions(request: FastifyRequest, maxAgeSeconds?: number): CookieSerializeOptions {
  const options: CookieSerializeOptions = {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request),
    path: '/',
  };
  if (maxAgeSeconds !== undefined) options.maxAge = maxAgeSeconds;
  return options;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const maxAge = request.server.config.SESSION_TTL_DAYS * 24 * 3600;
  reply.setCookie(cookieNames(request.server.config).session, token, cookieOptions(request, maxAge));
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(cookieNames(request.server.config).session, cookieOptions(request));
}
