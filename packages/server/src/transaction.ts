import type { DomainEventName, DomainEvents } from './bus.ts';
import type { Context } from './context.ts';
import type { Tx } from './db/client.ts';

/** Where a transaction's events (and other after-commit steps) wait until it commits. */
export type PendingEvents = {
  publish<E extends DomainEventName>(event: E, payload: DomainEvents[E]): void;
  /** A step that must see the commit (forgetting cached sessions), run in order with the events. */
  afterCommit(step: () => void): void;
};

/**
 * Runs `work` in one transaction and publishes the events it collected once the transaction has
 * committed, in the order they were collected; a rollback (an error thrown by `work` or by the
 * commit) drops them. This is how events reach sockets only after commit: services publish
 * through it, or straight on the bus after a single-statement write that has already committed.
 * `before` runs first inside the transaction (the change lock of messages/repo).
 */
export async function inTransaction<T>(
  ctx: Pick<Context, 'db' | 'bus'>,
  work: (tx: Tx, events: PendingEvents) => Promise<T>,
  before?: (tx: Tx) => Promise<void>,
): Promise<T> {
  const pending: (() => void)[] = [];
  const events: PendingEvents = {
    publish: (event, payload) => void pending.push(() => ctx.bus.publish(event, payload)),
    afterCommit: (step) => void pending.push(step),
  };
  const result = await ctx.db.transaction(async (tx) => {
    if (before) await before(tx);
    return work(tx, events);
  });
  for (const step of pending) step();
  return result;
}
