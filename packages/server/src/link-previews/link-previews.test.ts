/**
 * R-PREVIEW-1..5 through the app: a message with a link gets its page's card after the send, live
 * for the conversation's participants only and in history; the card is cached per link; its image is
 * stored, never linked; the author can remove it. Pages come from a real HTTP server on 127.0.0.1,
 * reachable only because FEED_ALLOW_PRIVATE_ADDRESSES is set, as for feeds (R-INTEG-7).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageResponseSchema, messagesPageSchema, type Message } from '@stoop/shared';
import { makeChannel, makeDirect, sendText } from '../conversations/testing.ts';
import { loadSharp } from '../files/sharp.ts';
import { connected, settle, until, type Recorder } from '../realtime/testing.ts';
import { createChatCommunity, createCommunity } from '../test/community.ts';
import { csrfHeaders } from '../test/helpers.ts';
import { call, expectError } from '../test/http.ts';
import { ogPage, startPageServer } from '../test/page-server.ts';
import { linkPreviewsSettled } from './subscriber.ts';

let c: Awaited<ReturnType<typeof createChatCommunity>>;
let pages: Awaited<ReturnType<typeof startPageServer>>;
const sockets: Recorder[] = [];

beforeAll(async () => {
  const sharp = await loadSharp();
  const photo = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  pages = await startPageServer({
    '/garden': {
      body: ogPage({
        title: 'Roof garden opens',
        description: 'Saturday at ten',
        site: 'Block News',
        image: '/garden.png',
      }),
    },
    '/garden.png': { type: 'image/png', body: photo },
    '/plain': { body: '<html><head><title>Only a title</title></head></html>' },
    '/second-link': { body: ogPage({ title: 'Never asked' }) },
    '/bike-room': { body: ogPage({ title: 'Bike room reopens', site: 'Block News' }) },
    '/after-removal': { body: ogPage({ title: 'Not wanted' }) },
    '/shared': { body: ogPage({ title: 'Shared by many' }) },
    '/to-metadata': { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } },
  });
  c = await createChatCommunity({ FEED_ALLOW_PRIVATE_ADDRESSES: '1' });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await c.close();
  await pages.close();
});

const message = (res: { json<T>(): T }) => messageResponseSchema.parse(res.json()).message;
const history = async (conversationId: string, headers: Record<string, string>) =>
  messagesPageSchema.parse(
    (await call(c.app, 'GET', `/api/conversations/${conversationId}/messages`, undefined, headers)).json(),
  ).messages;
const remove = (id: string, headers: Record<string, string>) =>
  call(c.app, 'DELETE', `/api/messages/${id}/link-preview`, undefined, headers);
const previewUpdates = (r: Recorder, id: string) =>
  r.of('message:updated').flatMap((p) => {
    const m = (p as { message: Message }).message;
    return m.id === id && m.linkPreview ? [m] : [];
  });

describe('R-PREVIEW-1: the card of the first link', () => {
  it('arrives after the send, live for the participants of a direct conversation only, and in history', async () => {
    const { alice, bob, carol } = c.people;
    const [a, b, k] = await Promise.all([
      connected(c.url, alice.headers.cookie),
      connected(c.url, bob.headers.cookie),
      connected(c.url, carol.headers.cookie),
    ]);
    sockets.push(a, b, k);
    const sent = await sendText(
      c.app,
      alice.headers,
      c.directId,
      `Look: ${pages.base}/garden, and ${pages.base}/second-link`,
    );
    // The send answers before the page is fetched: no card in its answer.
    expect(sent.linkPreview ?? null).toBeNull();
    await until(() => previewUpdates(a, sent.id).length > 0 && previewUpdates(b, sent.id).length > 0, 8000);
    const [live] = previewUpdates(b, sent.id);
    expect(live?.linkPreview).toMatchObject({
      url: `${pages.base}/garden`,
      canonicalUrl: `${pages.base}/garden`,
      title: 'Roof garden opens',
      description: 'Saturday at ten',
      siteName: 'Block News',
      imageWidth: 160,
      imageHeight: 80,
    });
    // R-PREVIEW-4: the image is the server's own thumbnail, never the third party's address.
    expect(live?.linkPreview?.image).toMatch(/^data:image\/webp;base64,/);
    expect(JSON.stringify(live)).not.toContain('/garden.png');
    expect(pages.hits('/second-link')).toBe(0); // the first link only
    await settle();
    expect(previewUpdates(k, sent.id)).toEqual([]); // Carol is not in the conversation
    const [stored] = (await history(c.directId, bob.headers)).filter((m) => m.id === sent.id);
    expect(stored?.linkPreview).toEqual(live?.linkPreview);
  });

  it('R-PREVIEW-3: one fetch a day per link, however many messages carry it', async () => {
    const { alice, bob } = c.people;
    const first = await sendText(c.app, alice.headers, c.channelId, `${pages.base}/shared`);
    await linkPreviewsSettled(c.app);
    const second = await sendText(c.app, bob.headers, c.channelId, `again <${pages.base}/shared>.`);
    await linkPreviewsSettled(c.app);
    expect(pages.hits('/shared')).toBe(1);
    const shown = (await history(c.channelId, bob.headers)).filter(
      (m) => m.id === first.id || m.id === second.id,
    );
    expect(shown.map((m) => m.linkPreview?.title)).toEqual(['Shared by many', 'Shared by many']);
  });

  it('a page without an image gets a card without one; a redirect to the metadata service gets none', async () => {
    const { alice } = c.people;
    const plain = await sendText(c.app, alice.headers, c.channelId, `${pages.base}/plain`);
    const refused = await sendText(c.app, alice.headers, c.channelId, `${pages.base}/to-metadata`);
    await linkPreviewsSettled(c.app);
    const shown = await history(c.channelId, alice.headers);
    expect(shown.find((m) => m.id === plain.id)?.linkPreview).toMatchObject({
      title: 'Only a title',
      image: null,
      siteName: '127.0.0.1',
    });
    expect(shown.find((m) => m.id === refused.id)?.linkPreview).toBeNull();
  });
});

describe('R-PREVIEW-1: edits', () => {
  it('an edit that keeps the first link keeps the card; one that changes it drops the card', async () => {
    const { alice } = c.people;
    const sent = await sendText(c.app, alice.headers, c.channelId, `Notes ${pages.base}/plain`);
    await linkPreviewsSettled(c.app);
    const edit = async (content: string) =>
      message(await call(c.app, 'PUT', `/api/messages/${sent.id}`, { content }, alice.headers));
    expect((await edit(`Notes, see ${pages.base}/plain.`)).linkPreview?.title).toBe('Only a title');
    expect((await edit('Notes, no link any more')).linkPreview).toBeNull();
  });

  it('an edit that brings a new first link gets its card as a new message would: live, in history, fetched once', async () => {
    const { alice, bob } = c.people;
    const [a, b] = await Promise.all([
      connected(c.url, alice.headers.cookie),
      connected(c.url, bob.headers.cookie),
    ]);
    sockets.push(a, b);
    const sent = await sendText(c.app, alice.headers, c.directId, `Notes ${pages.base}/plain`);
    await linkPreviewsSettled(c.app);
    const edit = async (content: string) =>
      message(await call(c.app, 'PUT', `/api/messages/${sent.id}`, { content }, alice.headers));
    // The answer drops the old card at once; the new one follows after the edit, never in its path.
    expect((await edit(`Notes, now ${pages.base}/bike-room`)).linkPreview).toBeNull();
    await until(
      () => previewUpdates(b, sent.id).some((m) => m.linkPreview?.title === 'Bike room reopens'),
      8000,
    );
    const [stored] = (await history(c.directId, bob.headers)).filter((m) => m.id === sent.id);
    expect(stored?.linkPreview).toMatchObject({ url: `${pages.base}/bike-room`, siteName: 'Block News' });
    // R-PREVIEW-3: an edit that keeps the link, or brings it back, does not fetch it again.
    await edit(`Notes, now ${pages.base}/bike-room!`);
    await edit(`Notes ${pages.base}/plain`);
    await edit(`Notes, again ${pages.base}/bike-room`);
    await linkPreviewsSettled(c.app);
    expect(pages.hits('/bike-room')).toBe(1);
    const [last] = (await history(c.directId, bob.headers)).filter((m) => m.id === sent.id);
    expect(last?.linkPreview?.title).toBe('Bike room reopens');
  });

  it('a card its author removed for good is not brought back by an edit (R-PREVIEW-5)', async () => {
    const { alice } = c.people;
    const sent = await sendText(c.app, alice.headers, c.channelId, `Minutes ${pages.base}/plain`);
    await linkPreviewsSettled(c.app);
    expect((await remove(sent.id, alice.headers)).statusCode).toBe(200);
    await call(
      c.app,
      'PUT',
      `/api/messages/${sent.id}`,
      { content: `Minutes ${pages.base}/after-removal` },
      alice.headers,
    );
    await linkPreviewsSettled(c.app);
    const [stored] = (await history(c.channelId, alice.headers)).filter((m) => m.id === sent.id);
    expect(stored?.linkPreview ?? null).toBeNull();
  });
});

describe('R-PREVIEW-2: private addresses stay out of reach by default', () => {
  it('a link to 127.0.0.1 gets no card and the page is never asked', async () => {
    const closed = await createCommunity({ alice: {} }, { listen: true });
    try {
      const alice = closed.people.alice;
      const channelId = (await makeChannel(closed.app, alice.headers)).id;
      const before = pages.hits('/garden');
      const sent = await sendText(closed.app, alice.headers, channelId, `${pages.base}/garden`);
      await linkPreviewsSettled(closed.app);
      expect(pages.hits('/garden')).toBe(before);
      const [stored] = await messagesOf(closed.app, channelId, alice.headers);
      expect(stored?.id).toBe(sent.id);
      expect(stored?.linkPreview).toBeNull();
    } finally {
      await closed.close();
    }
  });
});

async function messagesOf(app: typeof c.app, conversationId: string, headers: Record<string, string>) {
  return messagesPageSchema.parse(
    (await call(app, 'GET', `/api/conversations/${conversationId}/messages`, undefined, headers)).json(),
  ).messages;
}

describe('R-PREVIEW-5: DELETE /api/messages/{id}/link-preview', () => {
  it('authorization: anonymous 401, locked 403, a non-participant 404, another resident and an admin 403; the author removes it for everyone', async () => {
    const { alice, bob, carol, admin, locked } = c.people;
    const post = await sendText(c.app, alice.headers, c.channelId, `Minutes: ${pages.base}/garden`);
    const direct = await sendText(c.app, alice.headers, c.directId, `${pages.base}/garden`);
    await linkPreviewsSettled(c.app);
    expectError(await remove(post.id, csrfHeaders(c.app)), 401);
    expectError(await remove(post.id, locked.headers), 403, { code: 'ACCOUNT_LOCKED' });
    expectError(await remove(direct.id, carol.headers), 404);
    expectError(await remove(post.id, bob.headers), 403);
    expectError(await remove(post.id, admin.headers), 403);
    expectError(await remove('not-an-id', alice.headers), 404); // a malformed id names no message

    const b = await connected(c.url, bob.headers.cookie);
    sockets.push(b);
    const removed = message(await remove(post.id, alice.headers));
    expect(removed.linkPreview).toBeNull();
    await until(() =>
      b.of('message:updated').some((p) => {
        const m = (p as { message: Message }).message;
        return m.id === post.id && m.linkPreview === null;
      }),
    );
    expect((await history(c.channelId, bob.headers)).find((m) => m.id === post.id)?.linkPreview).toBeNull();
    // Again: no change, no new seq.
    expect(message(await remove(post.id, alice.headers)).seq).toBe(removed.seq);
    // Bob's own message in the direct conversation: he may remove its card.
    const own = await sendText(
      c.app,
      bob.headers,
      (await makeDirect(c.app, bob.headers, carol.id)).id,
      'no link',
    );
    expect(message(await remove(own.id, bob.headers)).linkPreview).toBeNull();
  });
});
