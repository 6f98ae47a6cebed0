import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainEventBus } from './bus.ts';
import { createTestApp, type TestApp } from './test/helpers.ts';
import { inTransaction } from './transaction.ts';

describe('inTransaction: events reach the bus only after commit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('publishes what a committed transaction collected, once it committed', async () => {
    const bus = new DomainEventBus();
    const seen: string[] = [];
    bus.on('conversation:deleted', ({ conversationId }) => seen.push(conversationId));
    await inTransaction({ db: t.db, bus }, async (tx, events) => {
      await tx.execute(sql`select 1`);
      events.publish('conversation:deleted', { conversationId: 'a' });
      events.publish('conversation:deleted', { conversationId: 'b' });
      // Nothing leaves while the transaction is open.
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['a', 'b']);
  });

  it('an event published inside a transaction that rolls back never reaches the bus', async () => {
    const bus = new DomainEventBus();
    const seen: string[] = [];
    bus.on('conversation:deleted', ({ conversationId }) => seen.push(conversationId));
    await expect(
      inTransaction({ db: t.db, bus }, async (tx, events) => {
        await tx.execute(sql`select 1`);
        events.publish('conversation:deleted', { conversationId: 'never' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(seen).toEqual([]);
  });
});
