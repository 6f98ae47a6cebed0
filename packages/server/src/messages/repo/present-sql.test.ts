import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { messagesPageSchema, type Message, type MessagesPage } from '@stoop/shared';
import { messages } from '../../db/schema/index.ts';
import {
  formOf,
  injectForm,
  makeChannel,
  PNG_1X1,
  sendText,
  type Headers,
} from '../../conversations/testing.ts';
import { createTestApp, makeAdmin, makeUser, sessionFor, type TestApp } from '../../test/helpers.ts';
import { call } from '../../test/http.ts';
import { presentRows } from '../present.ts';

/**
 * History pages are written by the database (present-sql.ts) while sockets, sync, threads and single
 * messages go through presentMessage (present.ts). A client merges both by id, so they must be the
 * same JSON for every kind of message.
 */
describe('decision 0012, history page as text: the database writes what presentMessage writes', () => {
  let t: TestApp;
  let author: Headers;
  let authorUser: Awaited<ReturnType<typeof makeUser>>;
  let adminUser: Awaited<ReturnType<typeof makeAdmin>>;
  let reader: Headers;
  let readerUser: Awaited<ReturnType<typeof makeUser>>;
  let admin: Headers;
  let conversationId: string;

  beforeAll(async () => {
    t = await createTestApp();
    authorUser = await makeUser(t.app, { username: 'Priya Nair' });
    author = await sessionFor(t.app, authorUser);
    readerUser = await makeUser(t.app);
    reader = await sessionFor(t.app, readerUser);
    adminUser = await makeAdmin(t.app);
    admin = await sessionFor(t.app, adminUser);
    conversationId = (await makeChannel(t.app, author)).id;
    const send = (content: string, extra: Record<string, string> = {}) =>
      sendText(t.app, author, conversationId, content, extra);
    const sendFile = async (name: string, bytes: Uint8Array, type: string) => {
      const res = await injectForm(
        t.app,
        'POST',
        `/api/conversations/${conversationId}/messages`,
        formOf({ content: `file ${name}` }, { name, bytes, type }),
        author,
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ message: Message }>().message;
    };

    await send('plain text', { clientMessageId: 'client-id-1' });
    await send('line one\nline two\r\n\ttabbed "quoted" \\ backslash \u2028 separator 🐈 ünïcödé </script>');
    await send('hello @Priya Nair, see you at the meeting');
    await sendFile('photo.png', PNG_1X1, 'image/png');
    await sendFile('notes.txt', Buffer.from('bring chairs'), 'text/plain');
    const liked = await send('liked twice');
    await call(t.app, 'POST', `/api/messages/${liked.id}/like`, {}, reader);
    await call(t.app, 'POST', `/api/messages/${liked.id}/like`, {}, admin);
    // Likes are read for the whole page at once: each must stay with its own message.
    const likedOnce = await send('liked once');
    await call(t.app, 'POST', `/api/messages/${likedOnce.id}/like`, {}, admin);
    const flagged = await send('flagged by a resident and an admin');
    await call(t.app, 'POST', `/api/conversations/${conversationId}/flag`, { messageId: flagged.id }, reader);
    await call(t.app, 'POST', `/api/conversations/${conversationId}/flag`, { messageId: flagged.id }, admin);
    // R-ADMIN-9: a hidden message with a file and a like, whole for author and admins only.
    const hidden = await sendFile('hidden.png', PNG_1X1, 'image/png');
    await call(t.app, 'POST', `/api/messages/${hidden.id}/like`, {}, reader);
    await t.db.execute(
      sql`update messages set mentioned_users = array[${authorUser.id}]::uuid[] where id = ${hidden.id}`,
    );
    expect(
      (await call(t.app, 'POST', `/api/admin/messages/${hidden.id}/hide`, undefined, admin)).statusCode,
    ).toBe(200);
    const edited = await send('before the edit');
    await call(t.app, 'PUT', `/api/messages/${edited.id}`, { content: 'after the edit' }, author);
    const parent = await send('a thread starts here');
    await send('first reply', { parentMessageId: parent.id });
    await send('second reply', { parentMessageId: parent.id });
    const doomed = await sendFile('gone.png', PNG_1X1, 'image/png');
    await call(t.app, 'DELETE', `/api/messages/${doomed.id}`, undefined, author);
    const mentionedThenDeleted = await send('bye @Priya Nair');
    await call(t.app, 'DELETE', `/api/messages/${mentionedThenDeleted.id}`, undefined, admin);
    // Deleting clears the row; a tombstone never shows mentions, even where a row still held some.
    await t.db.execute(
      sql`update messages set mentioned_users = array[${authorUser.id}]::uuid[] where id = ${mentionedThenDeleted.id}`,
    );
    // R-PREVIEW-1: a card on the row; a hidden or deleted message, or one whose author removed its
    // card (R-PREVIEW-5), shows none. Written here directly: no page is fetched in this test.
    const card = {
      url: 'https://example.org/a',
      canonicalUrl: 'https://example.org/a',
      title: 'A "card" ✓ </script>',
      description: null,
      siteName: 'example.org',
      image: 'data:image/webp;base64,AAAA',
      imageWidth: 160,
      imageHeight: 90,
    };
    const withCard = await send('with a card');
    const removedCard = await send('card removed');
    await t.db.execute(
      sql`update messages set link_preview = ${JSON.stringify(card)}::jsonb
        where id in (${withCard.id}, ${removedCard.id}, ${hidden.id}, ${doomed.id})`,
    );
    await t.db.execute(sql`update messages set link_preview_removed = true where id = ${removedCard.id}`);
    // Microseconds the drivers cut to milliseconds: .999999 must stay in its own second.
    const late = await send('at the end of a second');
    await t.db.execute(
      sql`update messages set created_at = '2030-01-01T23:59:59.999999Z', updated_at = '2030-01-01T23:59:59.999999Z' where id = ${late.id}`,
    );
  });
  afterAll(async () => t.close());

  async function page(headers: Headers): Promise<MessagesPage> {
    const res = await call(
      t.app,
      'GET',
      `/api/conversations/${conversationId}/messages?limit=100`,
      undefined,
      headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return JSON.parse(res.body) as MessagesPage;
  }

  it('every message of the page equals presentMessage of the same row, for each kind of viewer', async () => {
    const rows = await t.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversationId))
      .orderBy(asc(messages.createdAt), asc(messages.id));
    const viewers = [
      [reader, { id: readerUser.id, role: 'resident' }],
      [author, { id: authorUser.id, role: 'resident' }],
      [admin, { id: adminUser.id, role: 'admin' }],
    ] as const;
    for (const [headers, viewer] of viewers) {
      const body = await page(headers);
      const presented = (await presentRows(t.db, rows, viewer)).filter((m) => m.parentMessageId === null);
      expect(body.messages).toHaveLength(16);
      expect(body.messages).toEqual(presented);
      // Key for key, in case toEqual ever treated a missing key as undefined.
      for (const [i, message] of body.messages.entries()) {
        expect(Object.keys(message).sort()).toEqual(Object.keys(presented[i]!).sort());
      }
    }
  });

  it('R-ADMIN-9: a hidden message reaches the reader without content, file, likes or mentions', async () => {
    const hiddenFor = async (headers: Headers) =>
      (await page(headers)).messages.find((m) => m.metadata.adminHidden)!;
    expect(await hiddenFor(reader)).toMatchObject({
      content: '',
      fileUrl: null,
      thumbnailUrl: null,
      likedBy: [],
      metadata: { mentionedUsers: [], adminHidden: true },
    });
    for (const headers of [author, admin]) {
      expect(await hiddenFor(headers)).toMatchObject({
        content: 'file hidden.png',
        likedBy: [expect.any(String)],
        metadata: { mentionedUsers: [expect.any(String)], adminHidden: true },
      });
    }
  });

  it('covers what it claims: files, a thumbnail, likes, flags, mentions, replies, tombstones and odd text', async () => {
    const body = await page(reader);
    const byContent = (start: string) => body.messages.find((m) => m.content.startsWith(start))!;
    expect(byContent('file photo').thumbnailUrl).toMatch(/^\/api\/files\/[\w-]+\/thumbnail$/);
    expect(byContent('file notes')).toMatchObject({ fileType: 'text/plain', thumbnailUrl: null });
    expect(byContent('liked twice').likedBy).toHaveLength(2);
    expect(byContent('liked once').likedBy).toHaveLength(1);
    expect(byContent('flagged').metadata.userFlaggedBy).toHaveLength(1);
    expect(byContent('flagged').metadata.adminFlaggedBy).toHaveLength(1);
    expect(byContent('hello @Priya').metadata.mentionedUsers).toHaveLength(1);
    expect(byContent('a thread').replies).toHaveLength(2);
    expect(byContent('line one').content).toContain('\u2028 separator 🐈');
    expect(byContent('plain').clientMessageId).toBe('client-id-1');
    expect(byContent('after the edit').updatedAt > byContent('after the edit').createdAt).toBe(true);
    expect(byContent('at the end').createdAt).toBe('2030-01-01T23:59:59.999Z');
    expect(byContent('with a card').linkPreview?.title).toBe('A "card" ✓ </script>');
    expect(byContent('card removed').linkPreview).toBeNull();
    expect(body.messages.find((m) => m.metadata.adminHidden)?.linkPreview).toBeNull();
    const tombstones = body.messages.filter((m) => m.deletedAt !== null);
    expect(tombstones).toHaveLength(2);
    for (const tombstone of tombstones) {
      expect(tombstone).toMatchObject({ content: '', fileUrl: null, thumbnailUrl: null, linkPreview: null });
      expect(tombstone.metadata.mentionedUsers).toEqual([]);
    }
  });

  it('the whole answer is exactly messagesPageSchema: nothing more, nothing missing', async () => {
    for (const headers of [reader, admin, author]) {
      const body = await page(headers);
      expect(messagesPageSchema.parse(body)).toEqual(body);
    }
  });

  it('pages of every direction and size keep the shape (back, forward, around; empty pages)', async () => {
    const all = (await page(reader)).messages;
    const middle = all[7]!; // of 14
    const urls = [
      `limit=3&beforeDate=${encodeURIComponent(middle.createdAt)}&beforeId=${middle.id}`,
      `limit=3&afterDate=${encodeURIComponent(middle.createdAt)}&afterId=${middle.id}`,
      `limit=5&around=${middle.id}`,
      `limit=20&beforeDate=${encodeURIComponent('2000-01-01T00:00:00Z')}`,
    ];
    const pages = await Promise.all(
      urls.map(async (query) => {
        const res = await call(
          t.app,
          'GET',
          `/api/conversations/${conversationId}/messages?${query}`,
          undefined,
          reader,
        );
        expect(res.statusCode, res.body).toBe(200);
        const body = JSON.parse(res.body) as MessagesPage;
        expect(messagesPageSchema.parse(body)).toEqual(body);
        return body.messages.map((m) => m.id);
      }),
    );
    const ids = all.map((m) => m.id);
    expect(pages).toEqual([ids.slice(4, 7), ids.slice(8, 11), ids.slice(5, 10), []]);
  });
});
