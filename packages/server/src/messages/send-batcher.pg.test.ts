import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { makeChannel, type Headers } from '../conversations/testing.ts';
import { createTestApp, makeUser, sessionFor, type TestApp } from '../test/helpers.ts';
import { inChangeTransaction } from './repo.ts';
import { writePlainSends, type SendJob } from './send-batcher.ts';

/**
 * PostgreSQL only (run by the server-pg project; `*.pg.test.ts` files are left out of the PGlite
 * project): PGlite has one connection, so a second session cannot hold the lock meanwhile.
 */
let t: TestApp;
let alice: Headers;
let aliceId: string;

beforeAll(async () => {
  t = await createTestApp();
  const a = await makeUser(t.app, { username: 'Alice Lock' });
  aliceId = a.id;
  alice = await sessionFor(t.app, a);
});
afterAll(async () => t.close());

const job = (conversationId: string, userId: string, content: string): SendJob => ({
  message: {
    id: uuidv7(),
    conversationId,
    userId,
    parentMessageId: null,
    content,
    clientMessageId: null,
    fileId: null,
    mentionedUsers: [],
  },
  file: undefined,
  seesHidden: false,
});

describe('send batcher on PostgreSQL', () => {
  it('R-DELIVERY-2: the one-statement insert waits for the change lock before taking seqs', async () => {
    const channel = await makeChannel(t.app, alice);
    let release = () => {};
    let held = () => {};
    const isHeld = new Promise<void>((resolve) => (held = resolve));
    const holder = inChangeTransaction(t.db, async () => {
      held();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await isHeld;
    let written = false;
    const send = writePlainSends(t.db, [job(channel.id, aliceId, 'waits')]).then((outcomes) => {
      written = true;
      return outcomes;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(written).toBe(false);
    release();
    await holder;
    const [outcome] = await send;
    expect(outcome?.created).toBe(true);
  });
});
