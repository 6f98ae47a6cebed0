import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER, ERROR_CODES } from '@stoop/shared';
import { forbidden } from '../http/errors.ts';
import { CSRF_COOKIE, cookieOptions } from './cookies.ts';
import { hmac, randomToken, safeEqual } from './crypto.ts';

/**
 * Signed double-submit: the HttpOnly `stoop_csrf` cookie holds a random secret and the token the
 * client sends in x-csrf-token is HMAC(SESSION_SECRET, secret). A cross-site page can neither read
 * the cookie nor forge the HMAC, and a cookie planted by a sibling domain fails the signature.
 */
export const csrfTokenFor = (sessionSecret: string, csrfSecret: string) =>
  hmac(sessionSecret, `csrf:${csrfSecret}`);

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Returns the token for the request's CSRF cookie, creating the cookie (or a new one when `rotate`). */
export function issueCsrfToken(request: FastifyRequest, reply: FastifyReply, rotate = false): string {
  const existing = request.cookies[CSRF_COOKIE];
  const secret = !rotate && existing && existing.length >= 32 ? existing : randomToken();
  if (secret !== existing) reply.setCookie(CSRF_COOKIE, secret, cookieOptions(request));
  return csrfTokenFor(request.server.config.SESSION_SECRET, secret);
}

/** Throws 403 CSRF_INVALID when a mutating call lacks a header matching its cookie. */
export function checkCsrf(request: FastifyRequest): void {
  if (!MUTATING.has(request.method) || request.routeOptions.config.csrf === false) return;
  const secret = request.cookies[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  const sent = Array.isArray(header) ? header[0] : header;
  if (!secret || !sent || !safeEqual(sent, csrfTokenFor(request.server.config.SESSION_SECRET, secret))) {
    throw forbidden(
      'Missing or invalid CSRF token; fetch GET /api/csrf-token and retry',
      ERROR_CODES.csrfMissing,
    );
  }
}
