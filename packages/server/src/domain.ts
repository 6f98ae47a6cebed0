import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Database } from './db/client.ts';

/** What app.ts hands every domain plugin. */
export type DomainOptions = { database: Database };

/** Listens on `app.bus` (a subscriber) or maps it to `app.io` (a socket mapping); returns what stops it. */
type Subscriber = (app: FastifyInstance) => () => void;

/** Work a process repeats on its own (a poller, a scheduler, a queue's worker). */
export type PeriodicWork = { start(): void; stop(): Promise<void> | void };

/** The decorators under which a domain's periodic work is reachable (tests drive them). */
type PeriodicName = 'eventReminders' | 'feedPoller' | 'pushDispatcher' | 'mailNotices';

/**
 * Everything a domain adds to the app, in the one shape every `<domain>/plugin.ts` declares:
 * - `routes`: its Fastify route plugins (each `serve()`s calls of the shared route table);
 * - `subscribers`: listeners on the domain event bus (notifications, pushes);
 * - `sockets`: its domain events mapped to Socket.IO rooms (`app.io` is attached before any domain);
 * - `periodic`: its periodic work, started when the app is ready and stopped, in order, before it closes;
 * - `hooks`: app-wide hooks and decorations (operations only: its hooks must see every route).
 */
export type DomainParts = {
  routes?: FastifyPluginCallbackZod[];
  subscribers?: Subscriber[];
  sockets?: Subscriber[];
  periodic?: { name?: PeriodicName; work: PeriodicWork }[];
  hooks?: (app: FastifyInstance, options: DomainOptions) => void;
};

/**
 * A domain as a plugin for app.ts's list. `parts` may be a function of the app when they need its
 * configuration. Registered at the root (fastify-plugin) so decorations and hooks are app-wide;
 * the route plugins stay encapsulated as usual.
 */
export function domainPlugin(name: string, parts: DomainParts | ((app: FastifyInstance) => DomainParts)) {
  return fp<DomainOptions>(
    async (app, options) => {
      const {
        routes = [],
        subscribers = [],
        sockets = [],
        periodic = [],
        hooks,
      } = typeof parts === 'function' ? parts(app) : parts;
      for (const { name: decorator, work } of periodic) {
        // Each plugin.ts declares its decorator with the worker's own type.
        if (decorator) app.decorate(decorator, work as never);
      }
      hooks?.(app, options);
      for (const plugin of routes) await app.register(plugin);
      const unsubscribe = [...subscribers, ...sockets].map((subscribe) => subscribe(app));
      if (periodic.length > 0) {
        app.addHook('onReady', (done) => {
          for (const { work } of periodic) work.start();
          done();
        });
        // preClose: before the database closes (onClose), so work in flight can record its outcome.
        app.addHook('preClose', (done) => {
          void (async () => {
            for (const { work } of periodic) await work.stop();
          })().then(() => done());
        });
      }
      if (unsubscribe.length > 0) {
        app.addHook('onClose', (_instance, done) => {
          for (const off of unsubscribe) off();
          done();
        });
      }
    },
    { name: `stoop-${name}` },
  );
}
