import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { messages } from '../db/schema/index.ts';
import { call } from '../test/http.ts';
import { makeChannel, sendText } from '../conversations/testing.ts';
import { createCommunity, type Person } from '../test/community.ts';

const community = () => createCommunity({ admin: { role: 'admin' }, alice: {}, bob: {} });
type Made = { c: Awaited<ReturnType<typeof community>>; channelId: string };
export type Who = 'alice' | 'bob' | 'admin';

/**
 * The community the abilities-enforced tests share: an admin, two residents and a channel of
 * Alice's, made before the file's tests and closed after them; read it inside the tests.
 */
export function enforcedCommunity() {
  let made: Made | undefined;
  beforeAll(async () => {
    const c = await community();
    made = { c, channelId: (await makeChannel(c.app, c.people.alice.headers)).id };
  });
  afterAll(async () => made?.c.close());
  const current = (): Made => {
    if (!made) throw new Error('The community is made before the tests run');
    return made;
  };
  return {
    get c() {
      return current().c;
    },
    get channelId() {
      return current().channelId;
    },
    as: (who: Who): Person => current().c.people[who],
  };
}

export type MessageState = 'live' | 'hidden' | 'deleted' | 'from a data source' | 'the admin’s own';

/** Who wrote it: a data source's message is posted as the admin who connected it. */
const writer = (state: MessageState): Who =>
  state === 'from a data source' || state === 'the admin’s own' ? 'admin' : 'alice';

/**
 * A fresh message in the community's channel, written by `writer(state)`; `beforeState` runs while
 * it is still live (a like to take back), then it is hidden, deleted or made a data source's.
 */
export async function messageInState(
  t: ReturnType<typeof enforcedCommunity>,
  state: MessageState,
  beforeState: (id: string) => Promise<void> = () => Promise.resolve(),
): Promise<string> {
  const { id } = await sendText(t.c.app, t.as(writer(state)).headers, t.channelId, `a ${state} message`);
  await beforeState(id);
  if (state === 'hidden') {
    const res = await call(
      t.c.app,
      'POST',
      `/api/admin/messages/${id}/hide`,
      undefined,
      t.as('admin').headers,
    );
    expect(res.statusCode).toBe(200);
  } else if (state === 'deleted') {
    const res = await call(t.c.app, 'DELETE', `/api/messages/${id}`, undefined, t.as(writer(state)).headers);
    expect(res.statusCode).toBe(200);
  } else if (state === 'from a data source') {
    const bot = { integrationId: 'i1', source: 'Boiler monitor', name: 'Boiler', iconUrl: null };
    await t.c.db.update(messages).set({ bot }).where(eq(messages.id, id));
  }
  return id;
}
