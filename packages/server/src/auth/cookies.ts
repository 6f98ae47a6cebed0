import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';

export const SESSION_COOKIE = 'stoop_session';
export const CSRF_COOKIE = 'stoop_csrf';

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
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(request, maxAge));
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}
