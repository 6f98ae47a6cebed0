import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from '../../db/client.ts';
import { pingDatabase } from '../repo.ts';

/** A dependency that does not answer within this time counts as down. */
const CHECK_TIMEOUT_MS = 2000;

type CheckResult = 'ok' | 'error';

async function withinTimeout(check: Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check, timeout]);
    return 'ok';
  } catch {
    return 'error';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /healthz (liveness: the process answers) and GET /readyz (readiness: the database and, when
 * REDIS_URL is set, Redis answer; 503 "draining" once a shutdown began). Both are JSON, outside /api, so the SPA fallback never serves
 * the app page in their place and the session pipeline never runs for them.
 */
export function healthRoutes(app: FastifyInstance, database: Database): void {
  // A connection of its own: the readiness probe must not queue behind rate-limit traffic.
  // Loaded on the first probe in server mode only, so embedded starts skip it.
  let redis: Promise<Redis> | undefined;
  const redisClient = (url: string) => {
    redis ??= import('ioredis').then(
      ({ Redis }) =>
        new Redis(url, {
          lazyConnect: true,
          maxRetriesPerRequest: 0,
          connectTimeout: CHECK_TIMEOUT_MS,
        }),
    );
    return redis;
  };
  app.addHook('onClose', async () => (await redis)?.disconnect());

  const probe = { config: { rateLimit: false }, schema: { hide: true } } as const;

  app.get('/healthz', probe, async (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .send({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) }),
  );

  app.get('/readyz', probe, async (_request, reply) => {
    // A draining instance takes no new work, whatever its dependencies say.
    if (app.lifecycle.draining) {
      return reply.status(503).header('cache-control', 'no-store').send({ status: 'draining', checks: {} });
    }
    const checks: Record<string, CheckResult> = {
      database: await withinTimeout(pingDatabase(database.db)),
    };
    const url = app.config.REDIS_URL;
    if (url) checks.redis = await withinTimeout(redisClient(url).then((client) => client.ping()));
    const ready = Object.values(checks).every((result) => result === 'ok');
    return reply
      .status(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'unavailable', checks });
  });
}
