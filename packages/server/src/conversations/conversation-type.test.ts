import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 as uuidv7 } from 'uuid';
import { conversations } from '../db/schema/index.ts';
import { createCommunity, type Community } from '../test/community.ts';
import { makeChannel, makeDirect } from './testing.ts';
import { conversationTypeOf } from './service.ts';

/**
 * R-PUSH-5, R-REACH-1: every direct message is pushed and mailed, and a channel's messages are not;
 * the subscribers tell them apart by conversationTypeOf, which keeps what it read.
 */
const CAST = { priya: { username: 'Priya' }, marcus: { username: 'Marcus' } } as const;
let t: Community<typeof CAST>;

beforeAll(async () => {
  t = await createCommunity(CAST);
});
afterAll(async () => {
  await t?.close();
});

describe('conversationTypeOf', () => {
  it('R-PUSH-5, R-REACH-1: answers each conversation’s type, asked once or again', async () => {
    const channel = await makeChannel(t.app, t.people.priya.headers);
    const direct = await makeDirect(t.app, t.people.priya.headers, t.people.marcus.id);
    for (let i = 0; i < 2; i += 1) {
      expect(await conversationTypeOf(t.db, channel.id)).toBe('channel');
      expect(await conversationTypeOf(t.db, direct.id)).toBe('direct');
    }
  });

  it('R-PUSH-5, R-REACH-1: an id not found is asked again, so a conversation made later is found', async () => {
    const id = uuidv7();
    expect(await conversationTypeOf(t.db, id)).toBeUndefined();
    await t.db.insert(conversations).values({ id, type: 'direct', createdBy: t.people.priya.id });
    expect(await conversationTypeOf(t.db, id)).toBe('direct');
  });
});
