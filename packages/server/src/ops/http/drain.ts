import type { FastifyInstance } from 'fastify';

/** Shutdown state: set once SIGTERM arrives, read by /readyz. */
export type Lifecycle = { draining: boolean };

export const newLifecycle = (): Lifecycle => ({ draining: false });

/**
 * First step of a graceful shutdown: /readyz answers 503 from now on so a load balancer
 * sends new work elsewhere, connected sockets hear `server:restarting`, and requests keep being
 * served for `drainMs` while the balancer notices. app.close() does the rest: it stops accepting
 * connections, closes the sockets (clients reconnect with backoff), waits for in-flight requests
 * and queued sends, then closes the database and Redis.
 *
 * A proxy that does not read /readyz (open-source nginx) keeps sending on its kept-alive
 * connections; a request written onto one just as the instance closes it fails, and nginx retries
 * only idempotent calls (and those it is told are safe). So while draining every answer closes its
 * connection (closeAfterAnswer): a connection in use ends with its answer instead of being cut
 * idle when the instance stops, and once the instance stops listening nginx meets a refused
 * connection, which it passes to the next instance for every call (R-OPS-19). Idle connections
 * are not closed here: closing one races with a client reusing it (the race nginx's retries cover,
 * but a client connected directly may not); Node closes those left when the server closes.
 */
export async function beginDrain(app: FastifyInstance, drainMs: number): Promise<void> {
  app.lifecycle.draining = true;
  app.io.local.emit('server:restarting', {});
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
}

/** While draining, every answer says `Connection: close`, so no kept-alive connection outlives it. */
export function closeAfterAnswer(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    if (app.lifecycle.draining) void reply.header('connection', 'close');
    done();
  });
}
