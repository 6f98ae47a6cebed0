import type { DomainEventName, DomainEvents } from './bus.ts';
import type { Context } from './context.ts';
import type { Tx } from './db/client.ts';

/** Where a transaction's events (and other after-commit steps) wait until it commits. */
export type PendingDomainEvents = {
  publish<E extends DomainEventName>(event: E, payload: DomainEvents[E]): void;
  /** A step that must see the commit (forgetting cached sessions), run in order with the events. */
  afterCommit(step: () => void): void;
};

/**
 * Runs `work` in one transaction and publishes the events it collected once the transaction has
 * committed, in the order they were collected; a rollback (an error thrown by `work` or by the
 * commit) drops them. This is the one way a service opens a transaction (a lint rule refuses
 * `.transaction(` elsewhere outside db/ and repos), so events reach sockets only after commit;
 * straight on the bus is only for a single-statement write that has already committed.
 * `before` runs first inside the transaction (the change lock of messages/repo). A process without
 * a bus (the command line) may run work that publishes nothing but after-commit steps.
 */
export async function inTransaction<T>(
  ctx: Pick<Context, 'db'> & Partial<Pick<Context, 'bus'>>,
  work: (tx: Tx, events: PendingDomainEvents) => Promise<T>,
  before?: (tx: Tx) => Promise<void>,
): Promise<T> {
  const pending: (() => void)[] = [];
  const events: PendingDomainEvents = {
    publish: (event, payload) => {
      const { bus } = ctx;
      if (!bus) throw new Error(`${event} published in a process without an event bus`);
      pending.push(() => bus.publish(event, payload));
    },
    afterCommit: (step) => void pending.push(step),
  };
  const result = await ctx.db.transaction(async (tx) => {
    if (before) await before(tx);
    return work(tx, events);
  });
  for (const step of pending) step();
  return result;
}
