import { DomainEventBus } from '../bus.ts';
import type { Context } from '../context.ts';

/**
 * The app's context with a bus of its own: the seed goes through the services so its rows are
 * real, but nothing it publishes reaches sockets, notifications or pushes.
 */
export function quietContext(ctx: Context): Context {
  return {
    db: ctx.db,
    config: ctx.config,
    mailer: ctx.mailer,
    sessionCache: ctx.sessionCache,
    bus: new DomainEventBus(),
  };
}
