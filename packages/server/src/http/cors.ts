/**
 * R-NATIVE-6: cross-origin calls from the native apps. Their pages are served from the device
 * (`https://localhost` on android, `capacitor://localhost` on ios, `http://localhost` for an android
 * build with cleartext), so every API call is cross-origin. Those origins, and those listed in
 * CORS_ORIGINS, get CORS answers and preflights; any other origin gets no CORS header at all, so a
 * browser keeps a page of another site from reading an answer or sending the app's headers.
 *
 * No credentials mode: the apps authenticate with a bearer token, never a cookie, so
 * `Access-Control-Allow-Credentials` is never sent and a cookie is never read cross-origin.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CORRELATION_ID_HEADER,
  CSRF_HEADER,
  NATIVE_CLIENT_HEADER,
  NATIVE_PLATFORM_HEADER,
} from '@stoop/shared';
import type { Config } from '../config.ts';

/** The origins of the native apps' web views (Capacitor on ios, on android over https and http). */
const NATIVE_APP_ORIGINS: ReadonlySet<string> = new Set([
  'https://localhost',
  'capacitor://localhost',
  'http://localhost',
]);

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
const ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  NATIVE_CLIENT_HEADER,
  NATIVE_PLATFORM_HEADER,
  CSRF_HEADER,
  CORRELATION_ID_HEADER,
].join(', ');
/** What the app may read of an answer besides the CORS-safelisted headers. */
const EXPOSED_HEADERS = ['content-disposition', 'retry-after', CORRELATION_ID_HEADER].join(', ');
/** A preflight answer is reused this long (Chromium caps it at 2 hours). */
const PREFLIGHT_MAX_AGE_S = 600;

export function corsOriginAllowed(config: Pick<Config, 'CORS_ORIGINS'>, origin: string | undefined): boolean {
  if (!origin) return false;
  return NATIVE_APP_ORIGINS.has(origin) || config.CORS_ORIGINS.includes(origin);
}

function allowedOriginOf(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  return corsOriginAllowed(request.server.config, origin) ? origin : undefined;
}

function answerPreflight(request: FastifyRequest, reply: FastifyReply) {
  const origin = allowedOriginOf(request);
  if (origin && request.headers['access-control-request-method']) {
    void reply
      .header('access-control-allow-methods', ALLOWED_METHODS)
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_S));
  }
  return reply.status(204).send();
}

export function addCors(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    // Answers differ by Origin: a cache must not hand one origin's answer to another.
    void reply.header('vary', 'Origin');
    const origin = allowedOriginOf(request);
    if (origin) {
      void reply
        .header('access-control-allow-origin', origin)
        .header('access-control-expose-headers', EXPOSED_HEADERS);
    }
    done();
  });
  // An image a media ticket authenticated is loaded by an <img> of the app's origin (no-cors): the
  // default Cross-Origin-Resource-Policy same-origin would make the browser drop it.
  app.addHook('onSend', (request, reply, _payload, done) => {
    if (request.authVia === 'ticket') void reply.header('cross-origin-resource-policy', 'cross-origin');
    done();
  });
  // Preflights of every call of the API (R-NATIVE-6); a foreign origin's gets no CORS header.
  app.options('/api/*', { config: { csrf: false }, schema: { hide: true } }, answerPreflight);
}
