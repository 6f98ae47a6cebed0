import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messageResponseSchema,
  messagesPageSchema,
  syncResultSchema,
  threadSchema,
  type Message,
} from '@stoop/shared';
import {
  PNG_1X1,
  formOf,
  injectForm,
  makeChannel,
  makeDirect,
  sendText,
  type Headers,
} from '../conversations/testing.ts';
import { createCommunity, headersOf, idsOf } from '../test/community.ts';
import { csrfHeaders, type TestApp } from '../test/helpers.ts';
import { expectError } from '../test/http.ts';

let t: TestApp;
let alice: Headers, bob: Headers, carol: Headers, admin: Headers, locked: Headers;
let bobId: string, carolId: string;

beforeAll(async () => {
  const c = await createCommunity(
    {
      alice: { username: 'Alice Park' },
      bob: { username: 'Bob Stone' },
      carol: { username: 'Carol' },
      admin: { role: 'admin' },
      locked: { locked: true },
    },
    { env: { ATTACHMENT_MAX_BYTES: '2048' } },
  );
  t = c;
  ({ alice, bob, carol, admin, locked } = headersOf(c.people));
  ({ bob: bobId, carol: carolId } = idsOf(c.people));
});
afterAll(async () => t.close());

const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers });
const message = (res: { json<T>(): T }) => messageResponseSchema.parse(res.json()).message;
async function hideChannel(channelId: string): Promise<void> {
  const hide = await t.app.inject({
    method: 'PATCH',
    url: `/api/conversations/${channelId}/admin-hide-channel`,
    headers: admin,
  });
  expect(hide.statusCode).toBe(200);
}

describe('GET /api/conversations/{id}/messages', () => {
  it('R-CACHE-1, R-API-12: pages 20 by default, keyset on (createdAt, id) with beforeId for ties, hasMore and the conversation', async () => {
    const channel = await makeChannel(t.app, alice);
    const sent: Message[] = [];
    for (let i = 0; i < 25; i += 1) sent.push(await sendText(t.app, alice, channel.id, `Notice ${i}`));
    const first = messagesPageSchema.parse(
      (await get(`/api/conversations/${channel.id}/messages`, bob)).json(),
    );
    expect(first.messages.map((m) => m.content)).toEqual(sent.slice(5).map((m) => m.content));
    expect(first.hasMore).toBe(true);
    expect(first.conversation.id).toBe(channel.id);
    const oldest = first.messages[0] as Message;
    const query = new URLSearchParams({ beforeDate: oldest.createdAt, beforeId: oldest.id });
    const second = messagesPageSchema.parse(
      (await get(`/api/conversations/${channel.id}/messages?${query.toString()}`, bob)).json(),
    );
    expect(second.messages.map((m) => m.content)).toEqual(sent.slice(0, 5).map((m) => m.content));
    expect(second.hasMore).toBe(false);
  });

  it('lists top-level messages only, and keeps tombstones so clients can drop them', async () => {
    const channel = await makeChannel(t.app, alice);
    const parent = await sendText(t.app, alice, channel.id, 'Who has a ladder?');
    await sendText(t.app, bob, channel.id, 'I do', { parentMessageId: parent.id });
    const gone = await sendText(t.app, bob, channel.id, 'oops');
    await t.app.inject({ method: 'DELETE', url: `/api/messages/${gone.id}`, headers: bob });
    const page = messagesPageSchema.parse(
      (await get(`/api/conversations/${channel.id}/messages`, alice)).json(),
    );
    expect(page.messages.map((m) => m.id)).toEqual([parent.id, gone.id]);
    expect(page.messages[1]).toMatchObject({ content: '', deletedAt: expect.any(String) as unknown });
    expect(page.messages[0]?.replies).toHaveLength(1);
  });

  it('validation: limit above the maximum is a 400 naming limit', async () => {
    const channel = await makeChannel(t.app, alice);
    expectError(await get(`/api/conversations/${channel.id}/messages?limit=5000`, alice), 400, {
      field: 'limit',
    });
  });

  it('R-ACCESS-1, R-ACCESS-3, R-ACCESS-4: a non-participant gets 404 for a direct conversation’s messages; anonymous 401, locked 403', async () => {
    const direct = await makeDirect(t.app, alice, bobId);
    expectError(await get(`/api/conversations/${direct.id}/messages`, carol), 404);
    expectError(await get(`/api/conversations/${direct.id}/messages`, admin), 404);
    expectError(await get(`/api/conversations/${direct.id}/messages`), 401);
    expectError(await get(`/api/conversations/${direct.id}/messages`, locked), 403, {
      code: 'ACCOUNT_LOCKED',
    });
  });

  it('R-ACCESS-1: a non-participant gets 404 and none of its content', async () => {
    const direct = await makeDirect(t.app, alice, bobId);
    await sendText(t.app, alice, direct.id, 'door code is 4711');
    for (const outsider of [carol, admin]) {
      const res = await get(`/api/conversations/${direct.id}/messages`, outsider);
      expectError(res, 404);
      expect(res.body).not.toContain('4711');
    }
    expect((await get(`/api/conversations/${direct.id}/messages`, bob)).statusCode).toBe(200);
  });

  it('R-ACCESS-2: a hidden channel with messages is 404 for a resident who posted in it, 200 for an admin', async () => {
    const channel = await makeChannel(t.app, alice);
    await sendText(t.app, bob, channel.id, 'parking lot meeting at 6');
    await hideChannel(channel.id);
    const res = await get(`/api/conversations/${channel.id}/messages`, bob);
    expectError(res, 404);
    expect(res.body).not.toContain('parking lot');
    expect((await get(`/api/conversations/${channel.id}/messages`, admin)).statusCode).toBe(200);
  });

  it('read position: the first page marks a participant’s conversation read, an older page does not', async () => {
    const channel = await makeChannel(t.app, alice);
    await sendText(t.app, bob, channel.id, 'joining in');
    const sent: Message[] = [];
    for (let i = 0; i < 22; i += 1) sent.push(await sendText(t.app, alice, channel.id, `Update ${i}`));
    const unreadOf = async () => {
      const list = (await get('/api/conversations', bob)).json<{
        conversations: { id: string; unreadCount: number }[];
      }>();
      return list.conversations.find((c) => c.id === channel.id)?.unreadCount;
    };
    expect(await unreadOf()).toBe(22);
    const oldest = sent[3] as Message;
    const older = new URLSearchParams({ beforeDate: oldest.createdAt, beforeId: oldest.id });
    const olderPage = messagesPageSchema.parse(
      (await get(`/api/conversations/${channel.id}/messages?${older.toString()}`, bob)).json(),
    );
    expect(olderPage.conversation.unreadCount).toBe(22);
    expect(await unreadOf()).toBe(22);
    const first = messagesPageSchema.parse(
      (await get(`/api/conversations/${channel.id}/messages`, bob)).json(),
    );
    expect(first.conversation.unreadCount).toBe(0);
    expect(first.conversation.participants).toEqual(expect.arrayContaining([bobId]));
    expect(await unreadOf()).toBe(0);
    // Carol never posted: she reads the channel without a read position, so no count and no write.
    const asCarol = messagesPageSchema.parse(
      (await get(`/api/conversations/${channel.id}/messages`, carol)).json(),
    );
    expect(asCarol.conversation.unreadCount).toBe(0);
    expect(asCarol.conversation.participants).not.toContain(carolId);
  });
});

describe('POST /api/conversations/{id}/messages', () => {
  it('R-DELIVERY-1, R-API-16: sends (201); a repeated clientMessageId returns the first message (200), never a duplicate', async () => {
    const channel = await makeChannel(t.app, alice);
    const url = `/api/conversations/${channel.id}/messages`;
    const first = await injectForm(
      t.app,
      'POST',
      url,
      formOf({ content: 'Elevator is back', clientMessageId: 'c-1' }),
      bob,
    );
    expect(first.statusCode).toBe(201);
    const again = await injectForm(
      t.app,
      'POST',
      url,
      formOf({ content: 'Elevator is back!!', clientMessageId: 'c-1' }),
      bob,
    );
    expect(again.statusCode).toBe(200);
    expect(message(again)).toEqual(message(first));
    const page = messagesPageSchema.parse((await get(url, bob)).json());
    expect(page.messages).toHaveLength(1);
  });

  it('R-SCOPE-4: a clientMessageId is the sender’s per conversation; reused elsewhere it sends anew', async () => {
    const first = await makeChannel(t.app, alice);
    const second = await makeChannel(t.app, alice);
    const send = (conversationId: string, content: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/conversations/${conversationId}/messages`,
        headers: bob,
        payload: { content, clientMessageId: 'reused-1' },
      });
    const inFirst = await send(first.id, 'in the first channel');
    expect(inFirst.statusCode).toBe(201);
    const inSecond = await send(second.id, 'in the second channel');
    expect(inSecond.statusCode).toBe(201);
    expect(message(inSecond).conversationId).toBe(second.id);
    expect(message(inSecond).content).toBe('in the second channel');
    // A repeat in the second conversation is still answered with its own first message.
    const again = await send(second.id, 'in the second channel');
    expect(again.statusCode).toBe(200);
    expect(message(again).id).toBe(message(inSecond).id);
  });

  it('R-CONV-6: posting into a channel makes the poster a participant', async () => {
    const channel = await makeChannel(t.app, alice);
    await sendText(t.app, carol, channel.id, 'Hello neighbours');
    const page = messagesPageSchema.parse(
      (await get(`/api/conversations/${channel.id}/messages`, carol)).json(),
    );
    expect(page.conversation.participants).toContain(carolId);
  });

  it('resolves @mentions on the server, longest username first', async () => {
    const channel = await makeChannel(t.app, alice);
    const sent = await sendText(t.app, alice, channel.id, 'thanks @bob stone and @carol!');
    expect(sent.metadata.mentionedUsers.sort()).toEqual([bobId, carolId].sort());
  });

  it('validation: empty content without a file is a 400 on content; a parent from another conversation is a 400', async () => {
    const channel = await makeChannel(t.app, alice);
    const other = await makeChannel(t.app, alice);
    const parent = await sendText(t.app, alice, other.id, 'elsewhere');
    const url = `/api/conversations/${channel.id}/messages`;
    expectError(await injectForm(t.app, 'POST', url, formOf({ content: '   ' }), alice), 400, {
      field: 'content',
    });
    expectError(
      await injectForm(t.app, 'POST', url, formOf({ content: 'x', parentMessageId: parent.id }), alice),
      400,
      { field: 'parentMessageId' },
    );
  });

  it('attachments: sniffed type, thumbnail for images, 413 above ATTACHMENT_MAX_BYTES, served to readers only', async () => {
    const direct = await makeDirect(t.app, alice, bobId);
    const url = `/api/conversations/${direct.id}/messages`;
    const res = await injectForm(
      t.app,
      'POST',
      url,
      formOf({ content: '' }, { name: 'plan.png', bytes: PNG_1X1, type: 'application/pdf' }),
      alice,
    );
    expect(res.statusCode, res.body).toBe(201);
    const sent = message(res);
    expect(sent).toMatchObject({ fileName: 'plan.png', fileType: 'image/png', fileSize: PNG_1X1.length });
    const file = await get(sent.fileUrl ?? '', bob);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toContain('plan.png');
    const thumb = await get(sent.thumbnailUrl ?? '', bob);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expectError(await get(sent.fileUrl ?? '', carol), 404);
    expectError(await get(sent.fileUrl ?? ''), 401);
    const big = await injectForm(
      t.app,
      'POST',
      url,
      formOf({ content: 'big' }, { name: 'big.txt', bytes: Buffer.alloc(4096, 97) }),
      alice,
    );
    expectError(big, 413);
  });

  it('R-API-16, R-MSG-14 send as JSON (the web client’s text send): 201, a repeat 200 with the first, bad fields 400', async () => {
    const channel = await makeChannel(t.app, alice);
    const url = `/api/conversations/${channel.id}/messages`;
    const send = (payload: unknown) =>
      t.app.inject({ method: 'POST', url, headers: alice, payload: payload as object });
    const first = await send({ content: 'bins go out tonight', clientMessageId: 'json-1' });
    expect(first.statusCode).toBe(201);
    const again = await send({ content: 'bins go out tonight', clientMessageId: 'json-1' });
    expect(again.statusCode).toBe(200);
    expect(message(again).id).toBe(message(first).id);
    expectError(await send({ content: '   ' }), 400, { field: 'content' });
    expectError(await send({ content: 'x', clientMessageId: '' }), 400, { field: 'clientMessageId' });
    expectError(await send({ content: 'x', parentMessageId: 'not-an-id' }), 400, {
      field: 'parentMessageId',
    });
    const page = messagesPageSchema.parse((await get(url, alice)).json());
    expect(page.messages.map((m) => m.content)).toEqual(['bins go out tonight']);
  });

  it('R-ACCESS-2: a hidden channel refuses a resident (404, nothing stored, no join) and takes an admin’s post', async () => {
    const channel = await makeChannel(t.app, alice);
    await sendText(t.app, alice, channel.id, 'before hiding');
    await hideChannel(channel.id);
    const url = `/api/conversations/${channel.id}/messages`;
    for (const fields of [
      { content: 'let me in' },
      { content: 'let me in', clientMessageId: 'hidden-1' },
      { content: ' ' },
    ]) {
      expectError(await injectForm(t.app, 'POST', url, formOf(fields), carol), 404, {
        message: 'Conversation not found',
      });
    }
    const posted = await injectForm(t.app, 'POST', url, formOf({ content: 'moderator note' }), admin);
    expect(posted.statusCode).toBe(201);
    const page = messagesPageSchema.parse((await get(url, admin)).json());
    expect(page.messages.map((m) => m.content)).toEqual(['before hiding', 'moderator note']);
    expect(page.conversation.participants).not.toContain(carolId);
  });

  it('R-ACCESS-1: a non-participant’s text, repeat or empty send to a direct conversation is 404 and stores nothing', async () => {
    const direct = await makeDirect(t.app, alice, bobId);
    const url = `/api/conversations/${direct.id}/messages`;
    for (const fields of [
      { content: 'hello?' },
      { content: 'hello?', clientMessageId: 'dm-1' },
      { content: '' },
    ]) {
      expectError(await injectForm(t.app, 'POST', url, formOf(fields), carol), 404, {
        message: 'Conversation not found',
      });
    }
    const page = messagesPageSchema.parse((await get(`${url}?limit=100`, alice)).json());
    expect(page.messages.filter((m) => m.userId === carolId)).toEqual([]);
    expect(page.conversation.participants).not.toContain(carolId);
    // A conversation id that names nothing answers the same.
    const missing = `/api/conversations/${crypto.randomUUID()}/messages`;
    expectError(await injectForm(t.app, 'POST', missing, formOf({ content: 'x' }), carol), 404);
    expectError(
      await injectForm(
        t.app,
        'POST',
        '/api/conversations/not-a-uuid/messages',
        formOf({ content: 'x' }),
        carol,
      ),
      404,
    );
  });

  it('authorization: anonymous 401, locked 403, non-participant 404, missing CSRF 403', async () => {
    const direct = await makeDirect(t.app, alice, bobId);
    const url = `/api/conversations/${direct.id}/messages`;
    expectError(await injectForm(t.app, 'POST', url, formOf({ content: 'x' }), csrfHeaders(t.app)), 401);
    expectError(await injectForm(t.app, 'POST', url, formOf({ content: 'x' }), locked), 403, {
      code: 'ACCOUNT_LOCKED',
    });
    expectError(await injectForm(t.app, 'POST', url, formOf({ content: 'x' }), carol), 404);
    expectError(
      await injectForm(t.app, 'POST', url, formOf({ content: 'x' }), { cookie: alice.cookie ?? '' }),
      403,
      { code: 'CSRF_INVALID' },
    );
  });
});

describe('likes, edits, deletes, flags and threads', () => {
  let channelId: string;
  let post: Message;
  beforeAll(async () => {
    channelId = (await makeChannel(t.app, alice)).id;
    post = await sendText(t.app, alice, channelId, 'Garage door code changes Monday');
  });
  const call = (method: 'POST' | 'DELETE' | 'PUT', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it('R-MSG-9, R-ERR-5, R-ERR-4: like twice is a 400 containing "already liked"; unlike of a message not liked is a 400', async () => {
    const liked = await call('POST', `/api/messages/${post.id}/like`, bob);
    expect(message(liked).likedBy).toEqual([bobId]);
    expect(message(liked).seq).toBeGreaterThan(post.seq);
    const twice = expectError(await call('POST', `/api/messages/${post.id}/like`, bob), 400);
    expect(twice.message).toContain('already liked');
    expect(message(await call('DELETE', `/api/messages/${post.id}/like`, bob)).likedBy).toEqual([]);
    expectError(await call('DELETE', `/api/messages/${post.id}/like`, bob), 400);
  });

  it('edit: the author only; mentions are resolved again; empty content is a 400', async () => {
    const edited = await call('PUT', `/api/messages/${post.id}`, alice, {
      content: 'Code changes Tuesday, ask @Carol',
    });
    expect(message(edited)).toMatchObject({
      content: 'Code changes Tuesday, ask @Carol',
      metadata: { mentionedUsers: [carolId] },
    });
    expectError(await call('PUT', `/api/messages/${post.id}`, bob, { content: 'hijack' }), 403);
    expectError(await call('PUT', `/api/messages/${post.id}`, admin, { content: 'admin edit' }), 403);
    expectError(await call('PUT', `/api/messages/${post.id}`, alice, { content: ' ' }), 400, {
      field: 'content',
    });
  });

  it('flag: adds the caller to userFlaggedBy once', async () => {
    const url = `/api/conversations/${channelId}/flag`;
    expect(message(await call('POST', url, carol, { messageId: post.id })).metadata.userFlaggedBy).toEqual([
      carolId,
    ]);
    expect(message(await call('POST', url, carol, { messageId: post.id })).metadata.userFlaggedBy).toEqual([
      carolId,
    ]);
    expectError(await call('POST', url, carol, {}), 400, { field: 'messageId' });
  });

  it('thread: {conversationId, parent, replies}; a reply id opens the same thread', async () => {
    const reply = await sendText(t.app, bob, channelId, 'Thanks!', { parentMessageId: post.id });
    const thread = threadSchema.parse((await get(`/api/messages/${reply.id}/thread`, carol)).json());
    expect(thread.conversationId).toBe(channelId);
    expect(thread.parent.id).toBe(post.id);
    expect(thread.replies.map((r) => r.id)).toEqual([reply.id]);
  });

  it('delete: author or admin; leaves a tombstone; others 403', async () => {
    const mine = await sendText(t.app, bob, channelId, 'temporary');
    expectError(await call('DELETE', `/api/messages/${mine.id}`, alice), 403);
    const tomb = message(await call('DELETE', `/api/messages/${mine.id}`, bob));
    expect(tomb).toMatchObject({ content: '', deletedAt: expect.any(String) as unknown });
    const another = await sendText(t.app, bob, channelId, 'rude words');
    expect(message(await call('DELETE', `/api/messages/${another.id}`, admin)).deletedAt).not.toBeNull();
    expectError(await call('POST', `/api/messages/${mine.id}/like`, alice), 404);
  });

  it('authorization on a direct message: non-participant 404, anonymous 401, locked 403', async () => {
    const direct = await makeDirect(t.app, alice, bobId);
    const dm = await sendText(t.app, alice, direct.id, 'private');
    for (const [method, url, body] of [
      ['POST', `/api/messages/${dm.id}/like`, undefined],
      ['DELETE', `/api/messages/${dm.id}/like`, undefined],
      ['PUT', `/api/messages/${dm.id}`, { content: 'x' }],
      ['DELETE', `/api/messages/${dm.id}`, undefined],
      ['POST', `/api/conversations/${direct.id}/flag`, { messageId: dm.id }],
    ] as const) {
      expectError(await call(method, url, carol, body), 404);
      expectError(await call(method, url, csrfHeaders(t.app), body), 401);
      expectError(await call(method, url, locked, body), 403, { code: 'ACCOUNT_LOCKED' });
    }
    expectError(await get(`/api/messages/${dm.id}/thread`, carol), 404);
  });
});

describe('GET /api/sync', () => {
  it('R-DELIVERY-3, R-DELIVERY-2: returns each changed message once, in seq order, with edits and tombstones', async () => {
    const direct = await makeDirect(t.app, alice, bobId);
    const start = syncResultSchema.parse((await get('/api/sync?after=0&limit=1000', bob)).json());
    let after = start.next;
    for (let more = start.hasMore; more;) {
      const page = syncResultSchema.parse((await get(`/api/sync?after=${after}&limit=1000`, bob)).json());
      after = page.next;
      more = page.hasMore;
    }
    const one = await sendText(t.app, alice, direct.id, 'one');
    const two = await sendText(t.app, alice, direct.id, 'two');
    await t.app.inject({
      method: 'PUT',
      url: `/api/messages/${one.id}`,
      headers: alice,
      payload: { content: 'one!' },
    });
    await t.app.inject({ method: 'DELETE', url: `/api/messages/${two.id}`, headers: alice });
    const page = syncResultSchema.parse((await get(`/api/sync?after=${after}&limit=1`, bob)).json());
    expect(page.hasMore).toBe(true);
    const rest = syncResultSchema.parse((await get(`/api/sync?after=${page.next}`, bob)).json());
    const changes = [...page.changes, ...rest.changes];
    expect(changes.map((m) => [m.id, m.content, m.deletedAt !== null])).toEqual([
      [one.id, 'one!', false],
      [two.id, '', true],
    ]);
    const carolSees = syncResultSchema.parse((await get(`/api/sync?after=${after}`, carol)).json());
    expect(carolSees.changes.some((m) => m.conversationId === direct.id)).toBe(false);
    expectError(await get('/api/sync?after=-1', bob), 400, { field: 'after' });
    expectError(await get('/api/sync?after=0'), 401);
    expectError(await get('/api/sync?after=0', locked), 403, { code: 'ACCOUNT_LOCKED' });
  });
});
