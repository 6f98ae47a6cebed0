// jsdom has no IndexedDB; fake-indexeddb is a complete in-memory one, installed as the global.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message, User } from '@stoop/shared';
import { makeMessage } from '../services/chat/message-cache.fixtures.ts';
import { outboxDb } from '../services/storage/outbox-db.ts';
import { toast } from '../services/ui/toast.ts';
import { installFakeServer, json } from '../test/fake-server.ts';

const me = { id: 'me', role: 'resident', isLocked: false } as User;

/** Every page loaded in a test; a page that is gone must not keep sending (its listeners stay). */
const pages: { unload: () => void }[] = [];

/** Fresh store modules over the same IndexedDB: what a page reload does. */
async function loadApp() {
  for (const page of pages.splice(0)) page.unload();
  vi.resetModules();
  const [{ useAuthStore }, { useMessagesStore }, { useOutboxStore }, { useConnectionStore }, cache] =
    await Promise.all([
      import('./auth.ts'),
      import('./messages.ts'),
      import('./outbox.ts'),
      import('./connection.ts'),
      import('../services/chat/message-cache.ts'),
    ]);
  useAuthStore.setState({ user: me });
  useMessagesStore.setState({
    cache: cache.applyPage(
      useMessagesStore.getState().cache,
      'c1',
      { messages: [], hasMore: false },
      'initial',
    ),
  });
  const contents = () =>
    (useMessagesStore.getState().cache.conversations.c1?.messages ?? []).map((m) => m.content);
  const statuses = () => Object.values(useOutboxStore.getState().sends).map((s) => s.status);
  pages.push({ unload: () => useOutboxStore.setState({ sends: {} }) });
  return { useOutboxStore, useMessagesStore, useConnectionStore, contents, statuses };
}

let online = true;
/** The server: stores each clientMessageId once, answering the first copy for a repeat (R-DELIVERY-1). */
function installServer() {
  const saved = new Map<string, Message>();
  const server = installFakeServer({
    'GET /api/csrf-token': () => json(200, { csrfToken: 'token-after-reload' }),
    'POST /api/conversations/c1/messages': (call) => {
      const body = call.body as { content: string; clientMessageId: string };
      const message =
        saved.get(body.clientMessageId) ??
        makeMessage({
          conversationId: 'c1',
          userId: 'me',
          content: body.content,
          clientMessageId: body.clientMessageId,
        });
      saved.set(body.clientMessageId, message);
      return json(201, { message });
    },
  });
  const sends = () => server.calls.filter((c) => c.method === 'POST');
  return { server, saved, sends, posts: () => sends().map((c) => (c.body as { content: string }).content) };
}

beforeEach(async () => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.spyOn(toast, 'error').mockReturnValue('t');
  await outboxDb.clearFor('me');
});
afterEach(() => {
  for (const page of pages.splice(0)) page.unload();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('offline outbox (R-CACHE-8, R-CACHE-9)', () => {
  it('keeps sends made offline on the device, shown as queued, with no call and no error', async () => {
    const { server } = installServer();
    const app = await loadApp();
    online = false;
    await app.useOutboxStore.getState().sendMessage('c1', { content: 'first' });
    await app.useOutboxStore.getState().sendMessage('c1', { content: 'second' });
    expect(server.calls).toHaveLength(0);
    expect(app.statuses()).toEqual(['queued', 'queued']);
    expect(app.contents()).toEqual(['first', 'second']);
    expect(toast.error).not.toHaveBeenCalled();
    await vi.waitFor(async () =>
      expect((await outboxDb.listFor('me')).map((s) => s.content)).toEqual(['first', 'second']),
    );
  });

  it('survives a reload and goes out in order, once each, when the connection returns', async () => {
    const { sends, posts } = installServer();
    const before = await loadApp();
    online = false;
    await before.useOutboxStore.getState().sendMessage('c1', { content: 'first' });
    await before.useOutboxStore.getState().sendMessage('c1', { content: 'second' });
    const ids = Object.keys(before.useOutboxStore.getState().sends);

    const after = await loadApp();
    await after.useOutboxStore.getState().restore();
    expect(after.statuses()).toEqual(['queued', 'queued']);
    expect(after.contents()).toEqual(['first', 'second']);
    expect(sends()).toHaveLength(0);

    online = true;
    // Both signs of a connection come at once: the browser's event and the socket's reconnect.
    window.dispatchEvent(new Event('online'));
    after.useConnectionStore.setState({ state: 'connected' });
    await vi.waitFor(() => expect(after.statuses()).toEqual([]));
    await after.useOutboxStore.getState().flushQueue();

    expect(posts()).toEqual(['first', 'second']);
    expect(sends().map((c) => (c.body as { clientMessageId: string }).clientMessageId)).toEqual(ids);
    // The page came up offline without a CSRF token; the flush fetched one first.
    expect(sends().every((c) => c.headers.get('x-csrf-token') === 'token-after-reload')).toBe(true);
    expect(after.contents()).toEqual(['first', 'second']);
    await vi.waitFor(async () => expect(await outboxDb.listFor('me')).toEqual([]));
  });

  it('a send cut off by a reload is sent again with its first clientMessageId; the server copy shows once', async () => {
    const { saved } = installServer();
    const before = await loadApp();
    online = false;
    await before.useOutboxStore.getState().sendMessage('c1', { content: 'maybe sent' });
    const [clientMessageId] = Object.keys(before.useOutboxStore.getState().sends);
    // The server had stored it already (the answer was lost with the page).
    saved.set(
      clientMessageId!,
      makeMessage({
        conversationId: 'c1',
        userId: 'me',
        content: 'maybe sent',
        clientMessageId: clientMessageId!,
      }),
    );

    online = true;
    const after = await loadApp();
    await after.useOutboxStore.getState().restore();
    expect(after.statuses()).toEqual([]);
    expect(after.contents()).toEqual(['maybe sent']);
    // The socket's copy of the same message changes nothing.
    after.useMessagesStore.getState().applyServerMessages([saved.get(clientMessageId!)!]);
    expect(after.contents()).toEqual(['maybe sent']);
  });

  it('a queued send that still meets no network stays queued without a toast; the next flush sends it', async () => {
    const { server, posts } = installServer();
    const app = await loadApp();
    online = false;
    await app.useOutboxStore.getState().sendMessage('c1', { content: 'patient' });
    online = true;
    // The browser says online, but nothing gets through yet.
    const answer = server.fetchMock.getMockImplementation()!;
    server.fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    await app.useOutboxStore.getState().flushQueue();
    expect(app.statuses()).toEqual(['queued']);
    expect(toast.error).not.toHaveBeenCalled();

    server.fetchMock.mockImplementation(answer);
    await app.useOutboxStore.getState().flushQueue();
    expect(posts()).toEqual(['patient']);
    expect(app.statuses()).toEqual([]);
  });

  it('a send while others are queued waits its turn behind them', async () => {
    const { posts } = installServer();
    const app = await loadApp();
    online = false;
    await app.useOutboxStore.getState().sendMessage('c1', { content: 'one' });
    online = true;
    // Online again, but the queue has not been flushed yet: the new send must not overtake.
    await app.useOutboxStore.getState().sendMessage('c1', { content: 'two' });
    await vi.waitFor(() => expect(app.statuses()).toEqual([]));
    expect(posts()).toEqual(['one', 'two']);
  });

  it('logout drops the kept sends from the device', async () => {
    installServer();
    const app = await loadApp();
    online = false;
    await app.useOutboxStore.getState().sendMessage('c1', { content: 'private draft' });
    await vi.waitFor(async () => expect(await outboxDb.listFor('me')).toHaveLength(1));
    app.useOutboxStore.getState().reset();
    await vi.waitFor(async () => expect(await outboxDb.listFor('me')).toEqual([]));
  });
});
