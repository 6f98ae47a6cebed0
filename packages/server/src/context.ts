import type { DomainEventBus } from './bus.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { SessionCache } from './auth/session-cache.ts';
import type { Mailer } from './mail/mailer.ts';

/**
 * What a service may use: the database, the configuration, the mailer, the session cache and the
 * domain event bus. The app itself satisfies it (app.ts decorates each), so routes pass `app`.
 */
export type Context = {
  db: Db;
  config: Config;
  mailer: Mailer;
  sessionCache: SessionCache;
  /** Domain events: publish through inTransaction (transaction.ts) so they leave only after commit. */
  bus: DomainEventBus;
};

type LogLine = { (fields: object, message?: string): void; (message: string): void };
/**
 * The log a background job writes to. The app's logger satisfies it, so service code logs without
 * importing Fastify.
 */
export type Log = { debug: LogLine; info: LogLine; warn: LogLine; error: LogLine };
