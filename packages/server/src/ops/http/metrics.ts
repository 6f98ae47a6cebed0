import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../../db/client.ts';
import { Forbidden } from '../../errors.ts';
import { mayReadMetrics } from './access.ts';

/**
 * Process metrics (CPU, memory, event-loop lag as nodejs_eventloop_lag_seconds, GC) belong to the
 * process, not to one app: collected once into their own registry and merged at each scrape, so
 * tests that build many apps do not start a monitor per app.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
  }
  return processRegistry;
}

/** Connection counts of the pg pool; PGlite is one in-process connection and has no pool. */
function poolStats(database: Database): Record<'total' | 'idle' | 'waiting', number> | undefined {
  if (database.kind !== 'pg') return undefined;
  const pool = database.client;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/** The app's own metrics, registered on `registry`. */
function appMetrics(app: FastifyInstance, database: Database, registry: Registry) {
  const requestDuration = new Histogram({
    name: 'stoop_http_request_duration_seconds',
    help: 'HTTP request latency by route (the route pattern, not the address)',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'stoop_open_sockets',
    help: 'Socket.IO connections open on this instance',
    registers: [registry],
    collect() {
      this.set(app.hasDecorator('io') ? app.io.engine.clientsCount : 0);
    },
  });
  const messagesSent = new Counter({
    name: 'stoop_messages_sent_total',
    help: 'Chat messages sent through this instance',
    registers: [registry],
  });
  new Gauge({
    name: 'stoop_db_pool_connections',
    help: 'PostgreSQL pool connections by state (absent on PGlite)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = poolStats(database);
      if (!stats) return;
      for (const [state, count] of Object.entries(stats)) this.set({ state }, count);
    },
  });
  return { requestDuration, messagesSent };
}

/** Registers GET /metrics (Prometheus text format) and the hooks feeding it. */
export function metricsRoutes(app: FastifyInstance, database: Database): void {
  const registry = new Registry();
  const { requestDuration, messagesSent } = appMetrics(app, database, registry);

  app.addHook('onResponse', (request, reply, done) => {
    requestDuration.observe(
      {
        method: request.method,
        // Unmatched addresses share one label, so scanners cannot blow up the series count.
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
  const unsubscribe = app.bus.on('message:new', () => messagesSent.inc());
  app.addHook('onClose', (_instance, done) => {
    unsubscribe();
    done();
  });

  app.get('/metrics', { config: { rateLimit: false }, schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics(request, app.config.METRICS_TOKEN)) {
      throw new Forbidden('Metrics are served to loopback clients or with the metrics token');
    }
    const merged = Registry.merge([processMetrics(), registry]);
    return reply
      .type(merged.contentType)
      .header('cache-control', 'no-store')
      .send(await merged.metrics());
  });
}
