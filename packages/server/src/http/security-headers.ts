import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** The app's own origin and its WebSocket form (Socket.IO), from PUBLIC_URL. */
function ownOrigins(publicUrl: string | undefined): string[] {
  if (!publicUrl) return [];
  const url = new URL(publicUrl);
  const wsScheme = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return [url.origin, `${wsScheme}//${url.host}`];
}

/**
 * Security headers on every response (helmet). The middleware is built once here: the Fastify
 * plugin builds a new helmet middleware, parsing the CSP directives again, on every request, which
 * showed up in profiles of the history page and the send path.
 *
 * - HSTS only when PUBLIC_URL is https: on a plain-http install it would tell browsers to insist on
 *   an https that does not exist.
 * - Framing: nowhere, said twice in agreement (CSP frame-ancestors 'none' and X-Frame-Options DENY
 *   for browsers without CSP 2); helmet's default SAMEORIGIN contradicted the CSP.
 * - connect-src: the own origin only. 'self' already covers the same host's ws:/wss: in CSP 3
 *   browsers; PUBLIC_URL names it explicitly for the others. No bare ws:/wss:, which would let a
 *   script talk to any host.
 */
export function addSecurityHeaders(app: FastifyInstance, options: { publicUrl: string | undefined }): void {
  const https = options.publicUrl?.startsWith('https:') ?? false;
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // https: images: a webhook's icon_url on its messages, loaded without referrer.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", ...ownOrigins(options.publicUrl)],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    frameguard: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
