// Declaration merging for Fastify: what buildApp decorates and what routes may put in `config`.
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { SessionRow, UserRow } from './db/schema/index.ts';
import type { Mailer } from './mail/mailer.ts';
import type { SessionCache } from './auth/session-cache.ts';
import type { DomainEventBus } from './bus.ts';
import type { ChatServer } from './realtime/rooms.ts';
import type { BackoffStore } from './limits/backoff-store.ts';
import type { Lifecycle } from './ops/http/drain.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    mailer: Mailer;
    /** Recent sessions by token hash (auth/session-cache.ts). */
    sessionCache: SessionCache;
    /** The domain event bus (bus.ts); src/realtime maps its events to sockets. */
    bus: DomainEventBus;
    /** Socket.IO on the same HTTP server; other domains reach residents through its `user:<id>` rooms. */
    io: ChatServer;
    /** Growing sign-in delays (auth/http/login-backoff.ts): memory, or Redis when REDIS_URL is set. */
    backoffStore: BackoffStore;
    /** Whether a graceful shutdown has begun (ops/http/drain.ts). */
    lifecycle: Lifecycle;
    /** Counts a request against the API's call limits (limits/http/fair-limits.ts); 429 when spent. */
    countApiCall: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** The user the request acts as (the impersonated user during set-user), or null. */
    user: UserRow | null;
    /** The owner of the session: differs from `user` only while an admin acts as someone else. */
    sessionOwner: UserRow | null;
    session: SessionRow | null;
    /** What authenticated the request: the session cookie, a native app's bearer token, a media ticket. */
    authVia: 'cookie' | 'bearer' | 'ticket' | null;
  }
  interface FastifyContextConfig {
    /** false: no x-csrf-token needed (the log beacon: sendBeacon cannot set headers). */
    csrf?: boolean;
    /** true: locked users may call this route (csrf-token, protected/user, logout, logs). */
    allowLocked?: boolean;
    /** true: an image route a media ticket (`?mt=`) may authenticate. */
    mediaTicket?: boolean;
    /** The route table's call name (http/serve.ts), which the auth hooks judge some rules by. */
    callName?: string;
  }
}

export {};
