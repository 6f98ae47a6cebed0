import type { FastifyInstance } from 'fastify';

/** Shutdown state: set once SIGTERM arrives, read by /readyz (R-OPS-16). */
export type Lifecycle = { draining: boolean };

export const newLifecycle = (): Lifecycle => ({ draining: false });

/**
 * First step of a graceful shutdown (R-OPS-16): /readyz answers 503 from now on so a load balancer
 * sends new work elsewhere, connected sockets hear `server:restarting`, and requests keep being
 * served for `drainMs` while the balancer notices. app.close() does the rest: it stops accepting
 * connections, closes the sockets (clients reconnect with backoff), waits for in-flight requests
 * and queued sends, then closes the database and Redis.
 */
export async function beginDrain(app: FastifyInstance, drainMs: number): Promise<void> {
  app.lifecycle.draining = true;
  app.io.local.emit('server:restarting', {});
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
}
