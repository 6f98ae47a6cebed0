import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { healthRoutes } from './health.ts';
import { metricsRoutes } from './metrics.ts';

/**
 * Operations: /healthz, /readyz and /metrics. Registered at the root (fastify-plugin) so the
 * latency hook sees every route; register it before the domains.
 */
export const opsPlugin = fp<{ database: Database }>(
  (app, { database }, done) => {
    healthRoutes(app, database);
    metricsRoutes(app, database);
    done();
  },
  { name: 'stoop-ops' },
);
