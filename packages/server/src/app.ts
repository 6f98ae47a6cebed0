import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Server } from 'node:http';
import { requestForLog } from './http/redact.ts';
import Fastify, { type FastifyHttpOptions, type FastifyInstance, type onRouteHookHandler } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { addSecurityHeaders } from './http/security-headers.ts';
import { addCors } from './http/cors.ts';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { authHooks } from './auth/http/guards.ts';
import { SessionCache } from './auth/session-cache.ts';
import { MemoryBackoffStore, RedisBackoffStore, type BackoffStore } from './limits/backoff-store.ts';
import { fairLimits } from './limits/http/fair-limits.ts';
import type { Config } from './config.ts';
import { createDatabase, migrateDatabase, type Database } from './db/client.ts';
import { errorBody, installErrorHandler } from './http/errors.ts';
import { appPage, sendAppPage } from './messages/http/first-view.ts';
import { guardInput } from './http/input-guard.ts';
import { openApiTransform } from './http/openapi.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { DomainEventBus } from './bus.ts';
import { sendBatcherOf } from './messages/send-batcher.ts';
import { attachRealtime } from './realtime/server.ts';
import { capConnectionsPerAddress } from './limits/connection-cap.ts';
import { endSocketsWithTheirSessions } from './realtime/session-ends.ts';
import { DOMAINS } from './domains.ts';
import './types.ts';

export type BuildOptions = {
  /** An open database (tests). When absent, buildApp opens one from config and migrates it. */
  database?: Database;
  mailer?: Mailer;
  /** Pino logging; off in tests. Defaults to on at config.LOG_LEVEL. */
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: NodeJS.WritableStream;
  /** Sees every route as it is registered (the route table test collects them). */
  onRoute?: onRouteHookHandler;
};

/** How long one plugin may take to load before the start fails (Fastify's own default is 10 s). */
const PLUGIN_TIMEOUT_MS = 120_000;

type CompilersFactory = NonNullable<
  NonNullable<FastifyHttpOptions<Server>['schemaController']>['compilersFactory']
>;
/** Fastify types these factories after ajv's compilers; the zod ones are what the routes use. */
const zodCompilersFactory = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

/**
 * The whole HTTP application, ready for `inject` (tests) or `listen` (main.ts). The database is
 * closed with the app only when buildApp opened it.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const trust = config.TRUST_PROXY;
  const fastifyOptions: FastifyHttpOptions<Server> = {
    logger:
      options.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            // No webhook secret or feed token in a log line.
            serializers: { req: requestForLog },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // A number means "trust that many hops"; Fastify's types only take it as a function.
    trustProxy: typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust,
    bodyLimit: config.BODY_LIMIT_BYTES,
    // R-UPLOAD-7: the whole request, body included, must arrive within the time-out. Node only
    // honours it when given at creation with headersTimeout no longer, and checks on an interval
    // (30 s by default) that must follow the time-out for the cut to be prompt.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: {
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      headersTimeout: Math.min(60_000, config.REQUEST_TIMEOUT_MS),
      connectionsCheckingInterval: Math.min(1000, Math.ceil(config.REQUEST_TIMEOUT_MS / 4)),
    },
    // Ids are UUIDs; long path parameters are never legitimate.
    routerOptions: { maxParamLength: 200 },
    // Fastify gives each plugin 10 s to finish loading, a guard against one that never calls back.
    // A first start on a starved machine (PGlite's initdb and migrations beside other work) has
    // stalled a plugin past 10 s and exited the server; two minutes still catch a plugin that hangs.
    pluginTimeout: PLUGIN_TIMEOUT_MS,
    // Every route validates and serialises with its zod schema (set below). Naming the compilers
    // here as well keeps Fastify from loading its default ones (ajv with its formats and
    // fast-json-stringify, about 300 files) when the instance is made, only to have them replaced:
    // a tenth of the server's start-up and 4 MB of its heap (R-OPS-11; bench/RESULTS.md,
    // "Start-up and memory at rest").
    schemaController: { compilersFactory: zodCompilersFactory },
  };
  const app = Fastify(fastifyOptions).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  guardInput(app);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  const database = options.database ?? (await createDatabase(config));
  if (!options.database) {
    await migrateDatabase(database);
    // Runs last (onClose hooks run in reverse): after in-flight requests and queued sends are done.
    app.addHook('onClose', async () => {
      await sendBatcherOf(database.db).idle();
      await database.close();
    });
  }
  const mailer = options.mailer ?? createMailer(config);
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('mailer', mailer);
  const sessionCache = new SessionCache(config.SESSION_CACHE_SECONDS * 1000);
  app.decorate('sessionCache', sessionCache);
  if (sessionCache.enabled) {
    const sweeping = setInterval(() => sessionCache.sweep(), config.SESSION_CACHE_SECONDS * 1000).unref();
    app.addHook('onClose', () => clearInterval(sweeping));
  }
  // The one domain event bus: services publish on it after commit, src/realtime maps it to sockets.
  app.decorate('bus', new DomainEventBus());
  app.addHook('onClose', () => mailer.close());

  addSecurityHeaders(app, { publicUrl: config.PUBLIC_URL });
  addCors(app);
  await app.register(cookie);

  // Loaded only in server mode: embedded starts skip the Redis client's code.
  const redis = config.REDIS_URL
    ? new (await import('ioredis')).Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  const backoffStore: BackoffStore = redis
    ? new RedisBackoffStore(redis, `${config.REDIS_PREFIX}backoff:`)
    : new MemoryBackoffStore();
  app.decorate('backoffStore', backoffStore);
  await app.register(rateLimit, {
    // The call limits are ours (limits/http/fair-limits.ts): per resident, per session, per address only
    // without a session. The plugin provides the counters (memory or Redis).
    global: false,
    ...(redis ? { redis, nameSpace: `${config.REDIS_PREFIX}rl:` } : {}),
    // Our error handler turns this into the common body with code RATE_LIMITED.
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Too many requests. Try again in ${context.after}.`), {
        statusCode: context.statusCode,
      }),
  });
  await app.register(multipart, {
    limits: {
      fileSize: config.ATTACHMENT_MAX_BYTES,
      files: 5,
      fields: 30,
      fieldSize: 1024 * 1024,
      parts: 40,
    },
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Stoop API',
        version: '0.1.0',
        description: 'Errors: {statusCode, error, message, code?, field?}',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'stoop_session' },
          csrf: { type: 'apiKey', in: 'header', name: 'x-csrf-token' },
        },
      },
    },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(authHooks);
  await app.register(fairLimits);

  // Real time: Socket.IO on the app's HTTP server, in place before any domain maps its events to it.
  capConnectionsPerAddress(app.server, config);
  app.decorate('io', attachRealtime(app));
  endSocketsWithTheirSessions(app, database);
  // Every domain, from the one list (domains.ts): its routes, subscribers, sockets, periodic work.
  for (const domain of DOMAINS) await app.register(domain, { database });

  await registerWebApp(app, config.WEB_DIST_DIR);
  return app;
}

/** Serves the built web app with an SPA fallback; /api/* stays JSON 404. */
async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const hasWeb = existsSync(path.join(distDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Looked up per request, so a new build deployed into the folder is served at once.
      wildcard: true,
      // `/` is the app shell; without an index the static handler would refuse the folder (403).
      index: ['index.html'],
      cacheControl: false,
      // R-OPS-10: the build writes .br and .gz twins (scripts/compress-web.mjs); the handler picks
      // one by Accept-Encoding and adds Content-Encoding and Vary: Accept-Encoding.
      preCompressed: true,
      // Hashed build assets never change; everything else (sw.js, the manifest, icons) must be
      // revalidated, or browsers would keep an old service worker and never see an update.
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    // A missing file (an old hashed asset, say) is a 404, not the app shell: HTML served for a
    // script would fail as a module with a confusing MIME error instead of a clean miss.
    const looksLikeFile = /\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (hasWeb && !isApi && !looksLikeFile && (request.method === 'GET' || request.method === 'HEAD')) {
      // The page carries the visitor's session check and, on a
      // conversation's URL, its newest messages for a reader of it.
      const written =
        request.method === 'GET'
          ? await appPage(request, reply, distDir).catch((error: unknown) => {
              request.log.warn({ err: error }, 'app page not written');
              return null;
            })
          : null;
      if (written) return sendAppPage(request, reply, written);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .sendFile('index.html');
    }
    return reply
      .status(404)
      .send(errorBody(404, `No route ${request.method} ${request.url.split('?')[0] ?? ''}`, 'NOT_FOUND'));
  });
}
