import type { EventBus } from './bus.ts';
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
  bus: EventBus;
};

/**
 * The part of Context the chat services use: the demo seed runs them outside an app with just this.
 */
export type ChatContext = Pick<Context, 'db' | 'bus'> & {
  config: Pick<Config, 'UPLOAD_DIR' | 'ATTACHMENT_MAX_BYTES'>;
};
