import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesPageSchema, type Message, type MessagesPage } from '@stoop/shared';
import { makeChannel, makeDirect, sendText, type Headers } from '../conversations/testing.ts';
import { createTestApp, makeAdmin, makeUser, sessionFor, type TestApp } from '../test/helpers.ts';
import { expectError } from '../test/http.ts';

/** GET /api/conversations/{id}/messages paged forward (afterDate, afterId) and around a message. */

let t: TestApp;
let alice: Headers, bob: Headers, carol: Headers, admin: Headers, locked: Headers;
let bobId: string;
/** A channel of 45 messages 'Post 0' … 'Post 44', oldest first. */
let channelId: string;
let posts: Message[];

beforeAll(async () => {
  t = await createTestApp();
  const a = await makeUser(t.app, { username: 'Alice Park' });
  const b = await makeUser(t.app, { username: 'Bob Stone' });
  bobId = b.id;
  alice = await sessionFor(t.app, a);
  bob = await sessionFor(t.app, b);
  carol = await sessionFor(t.app, await makeUser(t.app, { username: 'Carol' }));
  admin = await sessionFor(t.app, await makeAdmin(t.app));
  locked = await sessionFor(t.app, await makeUser(t.app, { locked: true }));
  channelId = (await makeChannel(t.app, alice)).id;
  posts = [];
  for (let i = 0; i < 45; i += 1) posts.push(await sendText(t.app, alice, channelId, `Post ${i}`));
});
afterAll(async () => t.close());

const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers });
const pageUrl = (conversationId: string, query: Record<string, string>) =>
  `/api/conversations/${conversationId}/messages?${new URLSearchParams(query).toString()}`;
async function page(query: Record<string, string>, headers = bob): Promise<MessagesPage> {
  const res = await get(pageUrl(channelId, query), headers);
  expect(res.statusCode, res.body).toBe(200);
  return messagesPageSchema.parse(res.json());
}
const contents = (p: MessagesPage) => p.messages.map((m) => m.content);
const postsFrom = (start: number, end: number) => posts.slice(start, end).map((m) => m.content);
const at = (index: number) => posts[index] as Message;
const after = (m: Message) => ({ afterDate: m.createdAt, afterId: m.id });

describe('GET /api/conversations/{id}/messages: newer than a cursor', () => {
  it('pages forward through 45 messages oldest first; hasNewer until the newest, hasMore after the first', async () => {
    const first = await page({ afterDate: '2000-01-01T00:00:00.000Z' });
    expect(contents(first)).toEqual(postsFrom(0, 20));
    expect([first.hasMore, first.hasNewer]).toEqual([false, true]);

    const second = await page(after(at(19)));
    expect(contents(second)).toEqual(postsFrom(20, 40));
    expect([second.hasMore, second.hasNewer]).toEqual([true, true]);

    const third = await page(after(at(39)));
    expect(contents(third)).toEqual(postsFrom(40, 45));
    expect([third.hasMore, third.hasNewer]).toEqual([true, false]);

    const beyond = await page(after(at(44)));
    expect(beyond.messages).toEqual([]);
    expect([beyond.hasMore, beyond.hasNewer]).toEqual([true, false]);
  });

  it('a limit of 1 steps one message at a time, the cursor itself never repeated', async () => {
    const seen: string[] = [];
    let cursor = at(9);
    for (let i = 0; i < 3; i += 1) {
      const next = await page({ ...after(cursor), limit: '1' });
      expect(next.messages).toHaveLength(1);
      cursor = next.messages[0] as Message;
      seen.push(cursor.content);
    }
    expect(seen).toEqual(postsFrom(10, 13));
  });

  it('hasNewer: false for the newest page, true for an older page', async () => {
    const newest = await page({});
    expect(contents(newest)).toEqual(postsFrom(25, 45));
    expect([newest.hasMore, newest.hasNewer]).toEqual([true, false]);
    const older = await page({ beforeDate: at(25).createdAt, beforeId: at(25).id });
    expect(contents(older)).toEqual(postsFrom(5, 25));
    expect([older.hasMore, older.hasNewer]).toEqual([true, true]);
  });

  it('read position: paging forward or around does not mark the conversation read', async () => {
    const channel = await makeChannel(t.app, alice);
    await sendText(t.app, bob, channel.id, 'joining');
    const sent: Message[] = [];
    for (let i = 0; i < 3; i += 1) sent.push(await sendText(t.app, alice, channel.id, `Note ${i}`));
    const read = async (query: Record<string, string>) =>
      messagesPageSchema.parse((await get(pageUrl(channel.id, query), bob)).json()).conversation.unreadCount;
    expect(await read(after(sent[0] as Message))).toBe(3);
    expect(await read({ around: (sent[1] as Message).id })).toBe(3);
    expect(await read({})).toBe(0);
  });
});

describe('GET /api/conversations/{id}/messages: older than a message id alone (R-API-43)', () => {
  it('pages back through 45 messages with beforeId alone, each page ending before the last one began', async () => {
    const newest = await page({});
    const seen = [...contents(newest)];
    let oldest = newest.messages[0] as Message;
    for (;;) {
      const older = await page({ beforeId: oldest.id });
      if (older.messages.length === 0) break;
      seen.unshift(...contents(older));
      oldest = older.messages[0] as Message;
      if (!older.hasMore) break;
    }
    expect(seen).toEqual(postsFrom(0, 45));
    const sameAsWithDate = await page({ beforeId: at(25).id });
    expect(contents(sameAsWithDate)).toEqual(postsFrom(5, 25));
    expect(sameAsWithDate.hasNewer).toBe(true);
  });

  it('a message of another conversation or a made-up id is a 404; an unreadable conversation stays a conversation 404', async () => {
    const other = await makeChannel(t.app, alice);
    const elsewhere = await sendText(t.app, alice, other.id, 'elsewhere');
    for (const id of [elsewhere.id, '0190c0c0-0000-7000-8000-00000000dead'])
      expectError(await get(pageUrl(channelId, { beforeId: id }), bob), 404, {
        message: 'Message not found',
      });
    const direct = await makeDirect(t.app, alice, bobId);
    const inDirect = await sendText(t.app, alice, direct.id, 'private');
    expectError(await get(pageUrl(direct.id, { beforeId: inDirect.id }), carol), 404, {
      message: 'Conversation not found',
    });
  });
});

describe('GET /api/conversations/{id}/messages: around a message', () => {
  it('in the middle: limit/2 older, the message, and newer up to the limit', async () => {
    const window = await page({ around: at(22).id, limit: '10' });
    expect(contents(window)).toEqual(postsFrom(17, 27));
    expect([window.hasMore, window.hasNewer]).toEqual([true, true]);
    const wide = await page({ around: at(22).id });
    expect(contents(wide)).toEqual(postsFrom(12, 32));
  });

  it('at the newest message: the older half and the message, nothing newer', async () => {
    const window = await page({ around: at(44).id, limit: '10' });
    expect(contents(window)).toEqual(postsFrom(39, 45));
    expect([window.hasMore, window.hasNewer]).toEqual([true, false]);
  });

  it('at the oldest message: the message and newer ones fill the page', async () => {
    const window = await page({ around: at(0).id, limit: '10' });
    expect(contents(window)).toEqual(postsFrom(0, 10));
    expect([window.hasMore, window.hasNewer]).toEqual([false, true]);
  });

  it('404 "Message not found" for a message of another (direct) conversation, a reply or an unknown id, nothing leaked', async () => {
    const direct = await makeDirect(t.app, alice, bobId);
    const secret = await sendText(t.app, alice, direct.id, 'gate code 9931');
    const reply = await sendText(t.app, bob, channelId, 'a reply', { parentMessageId: at(3).id });
    for (const around of [secret.id, reply.id, '0190b7d2-1c4e-7a6b-8c3d-2e1f0a9b8c7d']) {
      const res = await get(pageUrl(channelId, { around }), bob);
      expectError(res, 404, { message: 'Message not found' });
      expect(res.body).not.toContain('9931');
      expect(res.body).not.toContain('Post ');
    }
  });
});

describe('GET /api/conversations/{id}/messages: validation of the paging modes', () => {
  it('the modes are exclusive: a 400 names the field that combines them', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ beforeDate: at(5).createdAt, ...after(at(2)) }, 'afterDate'],
      [{ beforeId: at(5).id, around: at(3).id }, 'around'],
      [{ ...after(at(2)), around: at(3).id }, 'around'],
      [{ afterId: at(2).id }, 'afterDate'],
    ];
    for (const [query, field] of cases) {
      expectError(await get(pageUrl(channelId, query), bob), 400, { field });
    }
  });

  it('ids must be uuids, dates ISO date-times', async () => {
    expectError(await get(pageUrl(channelId, { around: 'not-a-uuid' }), bob), 400, { field: 'around' });
    expectError(await get(pageUrl(channelId, { afterDate: at(1).createdAt, afterId: 'x' }), bob), 400, {
      field: 'afterId',
    });
    expectError(await get(pageUrl(channelId, { afterDate: 'yesterday' }), bob), 400, { field: 'afterDate' });
  });

  it('R-API-41: a date before 1970 or after 2999 is a 400 naming its field, not a 500', async () => {
    for (const field of ['beforeDate', 'afterDate'])
      for (const value of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '1969-12-31T23:59:59Z']) {
        const body = expectError(await get(pageUrl(channelId, { [field]: value }), bob), 400, { field });
        expect(body.message).toContain('between the years 1970 and 2999');
      }
    expect((await get(pageUrl(channelId, { beforeDate: '2999-12-31T23:59:59Z' }), bob)).statusCode).toBe(200);
  });
});

describe('GET /api/conversations/{id}/messages: who may page forward or around', () => {
  it('R-ACCESS-1, R-ACCESS-3, R-ACCESS-4: anonymous 401, locked 403, a non-participant and the admin 404 on a direct conversation, no content', async () => {
    const direct = await makeDirect(t.app, alice, bobId);
    const first = await sendText(t.app, alice, direct.id, 'spare key under mat 1');
    await sendText(t.app, bob, direct.id, 'spare key under mat 2');
    for (const query of [after(first), { around: first.id }]) {
      const url = pageUrl(direct.id, query);
      expectError(await get(url), 401);
      expectError(await get(url, locked), 403, { code: 'ACCOUNT_LOCKED' });
      for (const outsider of [carol, admin]) {
        const res = await get(url, outsider);
        expectError(res, 404, { message: 'Conversation not found' });
        expect(res.body).not.toContain('spare key');
      }
      const allowed = await get(url, bob);
      expect(allowed.statusCode, allowed.body).toBe(200);
      expect(allowed.body).toContain('spare key under mat 2');
    }
  });
});

describe('GET /api/conversations/{id}/messages: limits other than the read sizes', () => {
  // A page reads 20 or 100 rows and keeps `limit` of them (repo/history.ts PAGE_READ_SIZES); the extra
  // rows must only answer hasMore / hasNewer, never show up in the page.
  it('R-CACHE-1, R-MSG-11: limit 7 and limit 30 page back, forward and around with the right flags', async () => {
    const newest7 = await page({ limit: '7' });
    expect(contents(newest7)).toEqual(postsFrom(38, 45));
    expect([newest7.hasMore, newest7.hasNewer]).toEqual([true, false]);

    const older30 = await page({ limit: '30', beforeDate: at(38).createdAt, beforeId: at(38).id });
    expect(contents(older30)).toEqual(postsFrom(8, 38));
    expect([older30.hasMore, older30.hasNewer]).toEqual([true, true]);

    const oldest30 = await page({ limit: '30', beforeDate: at(8).createdAt, beforeId: at(8).id });
    expect(contents(oldest30)).toEqual(postsFrom(0, 8));
    expect(oldest30.hasMore).toBe(false);

    const newer7 = await page({ limit: '7', ...after(at(30)) });
    expect(contents(newer7)).toEqual(postsFrom(31, 38));
    expect([newer7.hasMore, newer7.hasNewer]).toEqual([true, true]);

    const newer30 = await page({ limit: '30', ...after(at(30)) });
    expect(contents(newer30)).toEqual(postsFrom(31, 45));
    expect(newer30.hasNewer).toBe(false);

    const around7 = await page({ limit: '7', around: at(20).id });
    expect(contents(around7)).toEqual(postsFrom(17, 24));
    expect([around7.hasMore, around7.hasNewer]).toEqual([true, true]);

    const around30 = await page({ limit: '30', around: at(2).id });
    expect(contents(around30)).toEqual(postsFrom(0, 30));
    expect([around30.hasMore, around30.hasNewer]).toEqual([false, true]);

    const all = await page({ limit: '100' });
    expect(contents(all)).toEqual(postsFrom(0, 45));
    expect([all.hasMore, all.hasNewer]).toEqual([false, false]);
  });
});
