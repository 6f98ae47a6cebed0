import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  flaggedPageSchema,
  messagesPageSchema,
  syncResultSchema,
  threadSchema,
  type FlaggedPage,
  type Message,
} from '@stoop/shared';
import {
  formOf,
  injectForm,
  makeChannel,
  makeDirect,
  PNG_1X1,
  sendText,
  type Headers,
} from '../conversations/testing.ts';
import { connected, settle, until, type Recorder } from '../realtime/testing.ts';
import { createCommunity, headersOf, idsOf } from '../test/community.ts';
import { csrfHeaders, makeUser, sessionFor, type TestApp } from '../test/helpers.ts';
import { call, expectError } from '../test/http.ts';

let t: TestApp;
let url: string;
let admin: Headers, otherAdmin: Headers, author: Headers, reader: Headers, flagger: Headers, locked: Headers;
let authorId: string, readerId: string, flaggerId: string, adminId: string;
const sockets: Recorder[] = [];

beforeAll(async () => {
  const c = await createCommunity(
    {
      admin: { role: 'admin' },
      otherAdmin: { role: 'admin' },
      author: { username: 'Noisy Neighbour' },
      reader: {},
      flagger: { username: 'Careful Flagger' },
      locked: { role: 'admin', reason: 'admin_lock' },
    },
    { listen: true },
  );
  t = c;
  url = c.url;
  ({ admin, otherAdmin, author, reader, flagger, locked } = headersOf(c.people));
  ({ author: authorId, reader: readerId, flagger: flaggerId, admin: adminId } = idsOf(c.people));
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

const get = (path: string, headers: Headers = admin) => call(t.app, 'GET', path, undefined, headers);
const post = (path: string, headers: Headers = admin, body?: unknown) =>
  call(t.app, 'POST', path, body, headers);
const flag = (conversationId: string, messageId: string, headers: Headers = flagger) =>
  post(`/api/conversations/${conversationId}/flag`, headers, { messageId });

async function queue(headers: Headers = admin): Promise<FlaggedPage> {
  const res = await get('/api/admin/flagged?limit=50', headers);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<FlaggedPage>();
  // Exactly the shared schema: nothing more, nothing missing.
  expect(flaggedPageSchema.parse(body)).toEqual(body);
  return body;
}
const queuedIds = async () => (await queue()).data.map((item) => item.message.id);

async function auditActions(): Promise<{ action: string; details: Record<string, unknown> }[]> {
  const res = await get('/api/audit-log?limit=100');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { action: string; details: Record<string, unknown> }[] }>().data;
}

/** A channel with five messages; the middle one is the one that gets flagged. */
async function channelWithFive() {
  const channel = await makeChannel(t.app, author);
  const sent: Message[] = [];
  for (const n of [1, 2, 3, 4, 5]) sent.push(await sendText(t.app, author, channel.id, `message ${n}`));
  return { channel, sent, middle: sent[2]! };
}

async function historyOf(conversationId: string, headers: Headers): Promise<Message[]> {
  const res = await get(`/api/conversations/${conversationId}/messages?limit=100`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return messagesPageSchema.parse(JSON.parse(res.body)).messages;
}

describe('authorization of the flagged-content calls (R-ROLE-5, R-ACCESS-3, R-ACCESS-4)', () => {
  const calls = [
    ['GET', '/api/admin/flagged'],
    ['POST', '/api/admin/messages/00000000-0000-7000-8000-000000000000/dismiss'],
    ['POST', '/api/admin/messages/00000000-0000-7000-8000-000000000000/hide'],
    ['POST', '/api/admin/messages/00000000-0000-7000-8000-000000000000/unhide'],
  ] as const;

  it.each(calls)('%s %s: anonymous 401, locked 403, resident 403', async (method, path) => {
    // With a valid CSRF pair but no session: the missing session is what answers.
    expectError(await call(t.app, method, path, undefined, csrfHeaders(t.app)), 401, {
      code: 'UNAUTHENTICATED',
    });
    expectError(await call(t.app, method, path, undefined, locked), 403, { code: 'ACCOUNT_LOCKED' });
    expectError(await call(t.app, method, path, undefined, reader), 403, { code: 'FORBIDDEN' });
  });

  it.each(calls.slice(1))(
    '%s %s: an unknown message is 404, a malformed id 400 naming id',
    async (method, path) => {
      expectError(await call(t.app, method, path, undefined, admin), 404);
      const malformed = path.replace(/[0-9a-f-]{36}/, 'x'.repeat(65));
      expectError(await call(t.app, method, malformed, undefined, admin), 400, { field: 'id' });
    },
  );

  it('GET /api/admin/flagged: a bad page or limit is 400 naming the field', async () => {
    expectError(await get('/api/admin/flagged?page=0'), 400, { field: 'page' });
    expectError(await get('/api/admin/flagged?limit=51'), 400, { field: 'limit' });
    expectError(await get('/api/admin/flagged?limit=ten'), 400, { field: 'limit' });
  });
});

describe('R-ADMIN-7: the flagged queue', () => {
  it('lists a flagged message with two before and two after, its author, who flagged it and when', async () => {
    const { channel, sent, middle } = await channelWithFive();
    const before = Date.now();
    expect((await flag(channel.id, middle.id)).statusCode).toBe(200);
    const item = (await queue()).data.find((i) => i.message.id === middle.id);
    expect(item).toBeDefined();
    expect(item!.before.map((m) => m.content)).toEqual(['message 1', 'message 2']);
    expect(item!.after.map((m) => m.content)).toEqual(['message 4', 'message 5']);
    expect(item!.conversation).toEqual({ id: channel.id, type: 'channel', name: channel.name });
    expect(item!.author).toMatchObject({ id: authorId, username: 'Noisy Neighbour', isLocked: false });
    expect(item!.author).not.toHaveProperty('email');
    expect(item!.flags).toHaveLength(1);
    expect(item!.flags[0]).toMatchObject({ user: { id: flaggerId }, byAdmin: false });
    expect(item!.flags[0]!.user).not.toHaveProperty('email');
    expect(Date.parse(item!.flags[0]!.flaggedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(item!.lastFlaggedAt).toBe(item!.flags[0]!.flaggedAt);
    expect(item!.contextAuthors.map((u) => u.id)).toEqual([authorId]);
    expect(sent).toHaveLength(5);
  });

  it('an admin flag goes to adminFlaggedBy and queues the message as flagged by an admin', async () => {
    const { channel, middle } = await channelWithFive();
    const res = await flag(channel.id, middle.id, admin);
    expect(res.json<{ message: Message }>().message.metadata).toMatchObject({
      adminFlaggedBy: [adminId],
      userFlaggedBy: [],
    });
    const item = (await queue()).data.find((i) => i.message.id === middle.id);
    expect(item?.flags.map((f) => [f.user.id, f.byAdmin])).toEqual([[adminId, true]]);
  });

  it('a flagged reply shows its thread around it', async () => {
    const channel = await makeChannel(t.app, author);
    const parent = await sendText(t.app, author, channel.id, 'thread start');
    await sendText(t.app, author, channel.id, 'unrelated top-level');
    const replies: Message[] = [];
    for (const n of [1, 2, 3]) {
      replies.push(await sendText(t.app, author, channel.id, `reply ${n}`, { parentMessageId: parent.id }));
    }
    await flag(channel.id, replies[1]!.id);
    const item = (await queue()).data.find((i) => i.message.id === replies[1]!.id);
    expect(item?.before.map((m) => m.content)).toEqual(['reply 1']);
    expect(item?.after.map((m) => m.content)).toEqual(['reply 3']);
  });

  it('decision 0013: a flagged direct message and its context reach the admins, nothing else of it', async () => {
    const direct = await makeDirect(t.app, author, flaggerId);
    await sendText(t.app, author, direct.id, 'private one');
    const bad = await sendText(t.app, author, direct.id, 'private and rude');
    await flag(direct.id, bad.id);
    const item = (await queue()).data.find((i) => i.message.id === bad.id);
    expect(item?.conversation.type).toBe('direct');
    expect(item?.message.content).toBe('private and rude');
    expect(item?.before.map((m) => m.content)).toEqual(['private one']);
    // R-ACCESS-1 still holds everywhere else: the admin cannot open the conversation.
    expectError(await get(`/api/conversations/${direct.id}/messages`), 404);
  });

  it('pages: limit and page cut the queue, total counts it all', async () => {
    // Its own three flags: the tests run in a shuffled order, so others' may not be there yet.
    const { channel, sent } = await channelWithFive();
    for (const message of sent.slice(0, 3)) await flag(channel.id, message.id);
    const total = (await queue()).total;
    expect(total).toBeGreaterThanOrEqual(3);
    const first = (await get('/api/admin/flagged?limit=1&page=1')).json<FlaggedPage>();
    const second = (await get('/api/admin/flagged?limit=1&page=2')).json<FlaggedPage>();
    expect(first.data).toHaveLength(1);
    expect(second.data).toHaveLength(1);
    expect(first.data[0]!.message.id).not.toBe(second.data[0]!.message.id);
    expect(first.total).toBe(total);
    expect(second.page).toBe(2);
  });
});

describe('R-ADMIN-8: dismiss', () => {
  it('takes the message off the queue, keeps it, is audited, and a new flag queues it again', async () => {
    const { channel, middle } = await channelWithFive();
    await flag(channel.id, middle.id);
    expect(await queuedIds()).toContain(middle.id);
    const res = await post(`/api/admin/messages/${middle.id}/dismiss`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await queuedIds()).not.toContain(middle.id);
    const kept = (await historyOf(channel.id, reader)).find((m) => m.id === middle.id);
    expect(kept).toMatchObject({ content: 'message 3', metadata: { userFlaggedBy: [flaggerId] } });
    expect(
      (await auditActions()).some(
        (a) => a.action === 'message.dismiss-flags' && a.details.messageId === middle.id,
      ),
    ).toBe(true);
    await flag(channel.id, middle.id, reader);
    const again = (await queue()).data.find((i) => i.message.id === middle.id);
    // Only the flag given since the dismissal is open.
    expect(again?.flags.map((f) => f.user.id)).toEqual([readerId]);
  });
});

describe('R-ADMIN-9: hide and unhide', () => {
  it('hides the text from residents but not from the author and admins; audited; off the queue', async () => {
    const { channel, middle } = await channelWithFive();
    await flag(channel.id, middle.id);
    const res = await post(`/api/admin/messages/${middle.id}/hide`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ message: Message }>().message).toMatchObject({
      content: 'message 3',
      metadata: { adminHidden: true },
    });
    expect(await queuedIds()).not.toContain(middle.id);
    const seenBy = async (headers: Headers) =>
      (await historyOf(channel.id, headers)).find((m) => m.id === middle.id);
    expect(await seenBy(reader)).toMatchObject({ content: '', metadata: { adminHidden: true } });
    expect(await seenBy(author)).toMatchObject({ content: 'message 3', metadata: { adminHidden: true } });
    expect(await seenBy(otherAdmin)).toMatchObject({ content: 'message 3' });
    expect((await auditActions()).map((a) => a.action)).toContain('message.hide');

    expect((await post(`/api/admin/messages/${middle.id}/unhide`)).statusCode).toBe(200);
    expect(await seenBy(reader)).toMatchObject({ content: 'message 3', metadata: { adminHidden: false } });
    expect((await auditActions()).map((a) => a.action)).toContain('message.unhide');
  });

  it('a tombstone cannot be hidden (404)', async () => {
    const { channel, middle } = await channelWithFive();
    await call(t.app, 'DELETE', `/api/messages/${middle.id}`, undefined, author);
    expectError(await post(`/api/admin/messages/${middle.id}/hide`), 404);
    expect(channel.id).toBeTruthy();
  });
});

describe('R-ADMIN-9 leaks: hidden content never reaches a resident', () => {
  const SECRET = 'secret-leak-word';

  it('not through history, thread, sync, search, files, likes or sockets', async () => {
    const channel = await makeChannel(t.app, author);
    const readerSocket = await connected(url, reader.cookie ?? '');
    const authorSocket = await connected(url, author.cookie ?? '');
    const adminSocket = await connected(url, admin.cookie ?? '');
    sockets.push(readerSocket, authorSocket, adminSocket);
    await new Promise<void>((resolve) =>
      readerSocket.socket.emit('conversation:join', { conversationId: channel.id }, () => resolve()),
    );
    await new Promise<void>((resolve) =>
      adminSocket.socket.emit('conversation:join', { conversationId: channel.id }, () => resolve()),
    );
    const syncStart = (await get('/api/sync?after=0&limit=1000', reader)).json<{ next: number }>().next;
    const parent = await sendText(t.app, author, channel.id, `thread about ${SECRET}`);
    const upload = await injectForm(
      t.app,
      'POST',
      `/api/conversations/${channel.id}/messages`,
      formOf(
        { content: `photo ${SECRET}`, parentMessageId: parent.id },
        {
          name: 'p.png',
          bytes: PNG_1X1,
          type: 'image/png',
        },
      ),
      author,
    );
    const reply = upload.json<{ message: Message }>().message;
    await post(`/api/messages/${parent.id}/like`, reader);

    for (const id of [parent.id, reply.id])
      expect((await post(`/api/admin/messages/${id}/hide`)).statusCode).toBe(200);

    const leaks = (value: unknown) => JSON.stringify(value).includes(SECRET);
    // History page (written by the database).
    const history = await historyOf(channel.id, reader);
    expect(leaks(history)).toBe(false);
    expect(history.find((m) => m.id === parent.id)).toMatchObject({
      likedBy: [],
      metadata: { adminHidden: true },
    });
    // Thread, opened by either id.
    for (const id of [parent.id, reply.id]) {
      const thread = threadSchema.parse((await get(`/api/messages/${id}/thread`, reader)).json());
      expect(leaks(thread)).toBe(false);
      expect(thread.replies[0]).toMatchObject({ fileUrl: null, thumbnailUrl: null, fileName: null });
    }
    // Sync.
    const sync = syncResultSchema.parse(
      (await get(`/api/sync?after=${syncStart}&limit=1000`, reader)).json(),
    );
    expect(sync.changes.map((m) => m.id)).toEqual(expect.arrayContaining([parent.id, reply.id]));
    expect(leaks(sync)).toBe(false);
    // Search: no hit at all for the reader; the author and admins still find it.
    const search = (await get(`/api/messages/search?q=${SECRET}`, reader)).json<{
      messages: Message[];
      hits: unknown[];
      total: number;
    }>();
    // The answer also carries the hits (snippets) since search learned modifiers: none of them either.
    expect(search).toEqual({ messages: [], hits: [], total: 0, totalIsLowerBound: false });
    expect((await get(`/api/messages/search?q=${SECRET}`, author)).json<{ total: number }>().total).toBe(2);
    expect((await get(`/api/messages/search?q=${SECRET}`, admin)).json<{ total: number }>().total).toBe(2);
    // Files: the reader gets 404, the author the file.
    expect(reply.fileUrl).toBeTruthy();
    expect((await get(reply.fileUrl!, reader)).statusCode).toBe(404);
    expect((await get(`${reply.fileUrl!}/thumbnail`, reader)).statusCode).toBe(404);
    expect((await get(reply.fileUrl!, author)).statusCode).toBe(200);
    // Details page: no recent file of a hidden message for the reader.
    const details = (await get(`/api/conversations/${channel.id}/details`, reader)).json<{
      recentFiles: Message[];
    }>();
    expect(details.recentFiles).toEqual([]);
    // Likes, flags: a resident acting on a hidden message learns nothing of it.
    expectError(await post(`/api/messages/${parent.id}/like`, flagger), 400);
    const flagged = await flag(channel.id, parent.id, flagger);
    expect(leaks(flagged.json())).toBe(false);
    // Sockets: the hide went out live, as a placeholder to the reader and whole to author and admin.
    await until(() =>
      readerSocket.messages('message:updated').some((m) => m.id === parent.id && m.metadata.adminHidden),
    );
    await until(() =>
      authorSocket.messages('message:updated').some((m) => m.id === parent.id && m.metadata.adminHidden),
    );
    await until(() =>
      adminSocket.messages('message:updated').some((m) => m.id === reply.id && m.metadata.adminHidden),
    );
    await settle();
    const hiddenEvents = (recorder: Recorder) =>
      recorder.events.filter((e) => JSON.stringify(e.payload).includes('"adminHidden":true'));
    expect(leaks(hiddenEvents(readerSocket))).toBe(false);
    expect(leaks(hiddenEvents(authorSocket))).toBe(true);
    expect(leaks(hiddenEvents(adminSocket))).toBe(true);
    // Each socket got one copy of each hidden change, never both the placeholder and the whole.
    const perId = (recorder: Recorder) =>
      recorder.messages('message:updated').filter((m) => m.id === parent.id && m.metadata.adminHidden).length;
    expect(perId(authorSocket)).toBe(perId(readerSocket));
    expect(perId(adminSocket)).toBe(perId(readerSocket));
  });
});

describe('moderation by delete and lock, and channel actions, are audited (R-ADMIN-4)', () => {
  it('an admin deleting someone else’s message leaves a tombstone, an audit entry, and an empty queue slot', async () => {
    const { channel, middle } = await channelWithFive();
    await flag(channel.id, middle.id);
    const res = await call(t.app, 'DELETE', `/api/messages/${middle.id}`, undefined, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(await queuedIds()).not.toContain(middle.id);
    expect(
      (await auditActions()).some((a) => a.action === 'message.delete' && a.details.messageId === middle.id),
    ).toBe(true);
  });

  it('locking the author through the admin lock call shows in the queue', async () => {
    const someone = await makeUser(t.app);
    const someoneHeaders = await sessionFor(t.app, someone);
    const channel = await makeChannel(t.app, someoneHeaders);
    const bad = await sendText(t.app, someoneHeaders, channel.id, 'spam spam');
    await flag(channel.id, bad.id);
    expect(
      (await post(`/api/admin/users/${someone.id}/lock`, admin, { reason: 'admin_lock' })).statusCode,
    ).toBe(200);
    const item = (await queue()).data.find((i) => i.message.id === bad.id);
    expect(item?.author.isLocked).toBe(true);
  });

  it('R-CONV-2: channel flag, unflag, hide and unhide are audited', async () => {
    const channel = await makeChannel(t.app, author);
    for (const path of [
      'admin-flag-channel',
      'admin-unflag-channel',
      'admin-hide-channel',
      'admin-hide-channel',
    ]) {
      const res = await call(t.app, 'PATCH', `/api/conversations/${channel.id}/${path}`, undefined, admin);
      expect(res.statusCode, res.body).toBe(200);
    }
    const mine = (await auditActions())
      .filter((a) => a.details.conversationId === channel.id)
      .map((a) => a.action);
    expect(mine.sort()).toEqual(['channel.flag', 'channel.hide', 'channel.unflag', 'channel.unhide']);
  });
});
