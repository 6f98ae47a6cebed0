import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema/index.ts';
import { createTestApp, makeAdmin, makeUser, sessionFor, type TestApp } from '../test/helpers.ts';
import { seedChat } from './chat.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('R-OPS-4: the community has channels, direct chats, threads, likes, a file and a flagged message', () => {
  it('seeds once and only once', async () => {
    const users: UserRow[] = [await makeAdmin(t.app, { username: 'Admin' })];
    for (const name of ['Priya', 'Marcus', 'Dana', 'Leo'])
      users.push(await makeUser(t.app, { username: name }));
    await seedChat(t.app, users);
    await seedChat(t.app, users);
    const priya = await sessionFor(t.app, users[1] as UserRow);
    const list = (await t.app.inject({ method: 'GET', url: '/api/conversations', headers: priya })).json<{
      conversations: { type: string; name: string }[];
    }>().conversations;
    expect(
      list
        .filter((c) => c.type === 'channel')
        .map((c) => c.name)
        .sort(),
    ).toEqual(['events', 'general', 'lost-and-found', 'maintenance', 'pets']);
    expect(list.filter((c) => c.type === 'direct')).toHaveLength(1);
    const found = (
      await t.app.inject({ method: 'GET', url: '/api/messages/search?q=elevator', headers: priya })
    ).json<{ messages: { metadata: { userFlaggedBy: string[] } }[] }>();
    expect(found.messages[0]?.metadata.userFlaggedBy).toHaveLength(1);
    const schedule = (
      await t.app.inject({ method: 'GET', url: '/api/messages/search?q=laundry', headers: priya })
    ).json<{ messages: { fileName: string | null }[] }>();
    expect(schedule.messages.some((m) => m.fileName === 'laundry-schedule.txt')).toBe(true);
  });
});
