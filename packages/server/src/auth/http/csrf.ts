import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER, ERROR_CODES } from '@stoop/shared';
import { Forbidden } from '../../errors.ts';
import { cookieNames, cookieOptions } from './cookies.ts';
import { isNativeRequest } from './native-client.ts';
import { hmac, randomToken, safeEqual, sha256 } from '../crypto.ts';

/**
 * Signed double-submit: the HttpOnly CSRF cookie holds a random secret and the token the client
 * sends in x-csrf-token is HMAC(SESSION_SECRET, secret). A cross-site page can neither read the
 * cookie nor forge the HMAC. A session remembers the secret it was started with (R-SESSION-12), so
 * a secret and token issued to another client, even planted as a cookie, fail on this session; that
 * secret is a new one, set at sign-in, so one fixed before signing in fails as well.
 */
export const csrfTokenFor = (sessionSecret: string, csrfSecret: string) =>
  hmac(sessionSecret, `csrf:${csrfSecret}`);

/** What a session stores of the CSRF secret it is bound to. */
export const csrfBinding = (csrfSecret: string) => sha256(`csrf-binding:${csrfSecret}`);

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The request's CSRF secret (the cookie), if any. */
export const csrfSecretOf = (request: FastifyRequest): string | undefined =>
  request.cookies[cookieNames(request.server.config).csrf];

/**
 * Sets a new CSRF secret as the response's cookie and returns it with its token. At sign-in this
 * is what the new session is bound to, so a pair fixed before it is of no use after.
 */
export function renewCsrfSecret(
  request: FastifyRequest,
  reply: FastifyReply,
): { secret: string; csrfToken: string } {
  const secret = randomToken();
  reply.setCookie(cookieNames(request.server.config).csrf, secret, cookieOptions(request));
  return { secret, csrfToken: csrfTokenFor(request.server.config.SESSION_SECRET, secret) };
}

/** Returns the token for the request's CSRF cookie, creating the cookie (or a new one when `rotate`). */
export function issueCsrfToken(request: FastifyRequest, reply: FastifyReply, rotate = false): string {
  const existing = csrfSecretOf(request);
  if (!rotate && existing && existing.length >= 32) {
    return csrfTokenFor(request.server.config.SESSION_SECRET, existing);
  }
  return renewCsrfSecret(request, reply).csrfToken;
}

/**
 * Throws 403 CSRF_INVALID when a mutating call lacks a header matching its cookie and session. A
 * native call (R-NATIVE-2: bearer token or `X-Stoop-Client: native`) needs none: it carries nothing
 * ambient, is never authenticated by a cookie, and no other site can send its headers.
 */
export function checkCsrf(request: FastifyRequest): void {
  if (!MUTATING.has(request.method) || request.routeOptions.config.csrf === false) return;
  if (isNativeRequest(request)) return;
  const secret = csrfSecretOf(request);
  const header = request.headers[CSRF_HEADER];
  const sent = Array.isArray(header) ? header[0] : header;
  const bound = request.session?.csrfBinding;
  if (
    !secret ||
    !sent ||
    !safeEqual(sent, csrfTokenFor(request.server.config.SESSION_SECRET, secret)) ||
    // Sessions from before the binding existed carry none; they end within SESSION_TTL_DAYS.
    (bound && !safeEqual(bound, csrfBinding(secret)))
  ) {
    throw new Forbidden(
      'Missing or invalid CSRF token; fetch GET /api/csrf-token and retry',
      ERROR_CODES.csrfMissing,
    );
  }
}
