import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REACTIONS_MAX_DISTINCT,
  isSingleEmoji,
  messageResponseSchema,
  messagesPageSchema,
} from '@stoop/shared';
import { makeDirect, sendText } from '../conversations/testing.ts';
import { createChatCommunity } from '../test/community.ts';
import { csrfHeaders } from '../test/helpers.ts';
import { call, expectError } from '../test/http.ts';
import { connected, settle, until, type Recorder } from '../realtime/testing.ts';

let c: Awaited<ReturnType<typeof createChatCommunity>>;
const sockets: Recorder[] = [];

beforeAll(async () => {
  c = await createChatCommunity();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await c.close();
});

const message = (res: { json<T>(): T }) => messageResponseSchema.parse(res.json()).message;
const react = (id: string, emoji: string, headers: Record<string, string>) =>
  call(c.app, 'POST', `/api/messages/${id}/reactions`, { emoji }, headers);
const unreact = (id: string, emoji: string, headers: Record<string, string>) =>
  call(c.app, 'DELETE', `/api/messages/${id}/reactions/${encodeURIComponent(emoji)}`, undefined, headers);

describe('R-REACT-1: one emoji, any emoji', () => {
  it('accepts single emoji with skin tones, families, flags and keycaps; refuses text and pairs', () => {
    for (const ok of ['👍', '❤️', '👍🏽', '👨‍👩‍👧', '🇫🇷', '1️⃣', '🫶']) expect(isSingleEmoji(ok), ok).toBe(true);
    for (const bad of ['a', 'ok', '👍👍', '👍 ', ':)', '1', '']) expect(isSingleEmoji(bad), bad).toBe(false);
  });
});

describe('POST and DELETE /api/messages/{id}/reactions', () => {
  it('R-REACT-1, R-REACT-3: adds and removes, oldest emoji first, who reacted in order; a repeat changes nothing', async () => {
    const { alice, bob, carol } = c.people;
    const post = await sendText(c.app, alice.headers, c.channelId, 'Bake sale Saturday');
    const first = message(await react(post.id, '🎉', bob.headers));
    expect(first.reactions).toEqual([{ emoji: '🎉', userIds: [bob.id] }]);
    expect(first.seq).toBeGreaterThan(post.seq);
    expect(first.likedBy).toEqual([]); // the like stays its own thing
    message(await react(post.id, '🍰', carol.headers));
    const both = message(await react(post.id, '🎉', carol.headers));
    expect(both.reactions).toEqual([
      { emoji: '🎉', userIds: [bob.id, carol.id] },
      { emoji: '🍰', userIds: [carol.id] },
    ]);
    const again = message(await react(post.id, '🎉', carol.headers));
    expect(again).toEqual(both); // no change, no new seq

    const removed = message(await unreact(post.id, '🍰', carol.headers));
    expect(removed.reactions).toEqual([{ emoji: '🎉', userIds: [bob.id, carol.id] }]);
    expect(message(await unreact(post.id, '🍰', carol.headers)).seq).toBe(removed.seq);

    // History pages (written by the database) carry the same list.
    const page = messagesPageSchema.parse(
      (await call(c.app, 'GET', `/api/conversations/${c.channelId}/messages`, undefined, bob.headers)).json(),
    );
    expect(page.messages.find((m) => m.id === post.id)?.reactions).toEqual(removed.reactions);
  });

  it('R-REACT-2: refuses what is not one emoji, and a 21st different emoji', async () => {
    const { alice, bob } = c.people;
    const post = await sendText(c.app, alice.headers, c.channelId, 'Vote with emoji');
    for (const emoji of ['hi', '👍👍', '', 'x'.repeat(100)])
      expectError(await react(post.id, emoji, bob.headers), 400, { field: 'emoji' });
    expectError(await unreact(post.id, 'hi', bob.headers), 400, { field: 'emoji' });
    expectError(await call(c.app, 'POST', `/api/messages/${post.id}/reactions`, {}, bob.headers), 400, {
      field: 'emoji',
    });
    const emoji = [...'🍎🍐🍊🍋🍌🍉🍇🍓🫐🍈🍒🍑🥭🍍🥥🥝🍅🍆🥑🥦'];
    expect(emoji).toHaveLength(REACTIONS_MAX_DISTINCT);
    for (const e of emoji) expect((await react(post.id, e, bob.headers)).statusCode).toBe(200);
    const full = expectError(await react(post.id, '🌽', alice.headers), 400, { field: 'emoji' });
    expect(full.message).toContain('20');
    // Joining an emoji already there is still fine.
    expect(message(await react(post.id, '🍎', alice.headers)).reactions?.[0]?.userIds).toHaveLength(2);
  });

  it('authorization: anonymous 401, locked 403, a non-participant of a direct conversation 404, a deleted message 404; admins react where they read', async () => {
    const { alice, bob, carol, admin, locked } = c.people;
    const dm = await sendText(c.app, alice.headers, c.directId, 'Just between us');
    for (const request of [
      (h: Record<string, string>) => react(dm.id, '👍', h),
      (h: Record<string, string>) => unreact(dm.id, '👍', h),
    ]) {
      expectError(await request(csrfHeaders(c.app)), 401);
      expectError(await request(locked.headers), 403, { code: 'ACCOUNT_LOCKED' });
      expectError(await request(carol.headers), 404);
      expectError(await request(admin.headers), 404);
    }
    expect(message(await react(dm.id, '👍', bob.headers)).reactions).toEqual([
      { emoji: '👍', userIds: [bob.id] },
    ]);
    const post = await sendText(c.app, alice.headers, c.channelId, 'Admins can react too');
    expect((await react(post.id, '✅', admin.headers)).statusCode).toBe(200);
    await call(c.app, 'DELETE', `/api/messages/${post.id}`, undefined, alice.headers);
    expectError(await react(post.id, '✅', bob.headers), 404);
  });

  it('R-REACT-3: a reaction reaches everyone in the conversation live, and nobody outside a direct one', async () => {
    const { alice, bob, carol } = c.people;
    const direct = await makeDirect(c.app, bob.headers, carol.id);
    const dm = await sendText(c.app, bob.headers, direct.id, 'See you at the meeting');
    const [a, b, k] = await Promise.all([
      connected(c.url, alice.headers.cookie),
      connected(c.url, bob.headers.cookie),
      connected(c.url, carol.headers.cookie),
    ]);
    sockets.push(a, b, k);
    const reacted = message(await react(dm.id, '👌', carol.headers));
    const updates = (r: Recorder) =>
      r.of('message:updated').filter((p) => (p as { message: { id: string } }).message.id === dm.id);
    await until(() => updates(b).length > 0 && updates(k).length > 0);
    expect(updates(k)).toEqual([{ message: reacted }]);
    // R-ACCESS-9: the author's copy is the same message with the author's abilities.
    const authors = { edit: true, delete: true, hide: false, report: false, react: true };
    expect(updates(b)).toEqual([{ message: { ...reacted, abilities: authors } }]);
    await settle();
    expect(updates(a)).toEqual([]);
  });
});
