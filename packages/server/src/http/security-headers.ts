import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers on every response (helmet). The middleware is built once here: the Fastify
 * plugin builds a new helmet middleware, parsing the CSP directives again, on every request, which
 * showed up in profiles of the history page and the send path.
 */
export function addSecurityHeaders(
  app: FastifyInstance,
  options: { upgradeInsecureRequests: boolean },
): void {
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: options.upgradeInsecureRequests ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
