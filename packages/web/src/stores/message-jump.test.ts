import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@stoop/shared';
import { MESSAGE_PAGE_SIZE, MESSAGES_PER_CONVERSATION_LIMIT } from '@stoop/shared/constants';
import { makeMessage } from '../services/chat/message-cache.fixtures.ts';
import { openMessageWindow } from './message-jump.ts';
import { useConversationsStore } from './conversations.ts';
import { useMessagesStore } from './messages.ts';

/** A conversation's whole history on the fake server, oldest first. */
let history: Message[] = [];
const requests: URLSearchParams[] = [];

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/** Answers GET …/messages like the server: newest, before, after or around a message, oldest first. */
function serveHistory(input: RequestInfo | URL): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const query = new URL(url, 'http://localhost').searchParams;
  requests.push(query);
  const limit = Number(query.get('limit'));
  const indexOf = (id: string | null) => history.findIndex((m) => m.id === id);
  let start: number;
  let end: number;
  if (query.has('around')) {
    const anchor = indexOf(query.get('around'));
    if (anchor < 0) return Promise.resolve(json(404, { statusCode: 404, message: 'Message not found' }));
    start = Math.max(0, anchor - Math.floor(limit / 2));
    end = Math.min(history.length, start + limit);
  } else if (query.has('afterId')) {
    start = indexOf(query.get('afterId')) + 1;
    end = Math.min(history.length, start + limit);
  } else {
    end = query.has('beforeId') ? indexOf(query.get('beforeId')) : history.length;
    start = Math.max(0, end - limit);
  }
  const body = {
    messages: history.slice(start, end),
    hasMore: start > 0,
    hasNewer: end < history.length,
    conversation: null,
  };
  return Promise.resolve(json(200, body));
}

const fetchMock = vi.fn(serveHistory);
const cacheOf = () => useMessagesStore.getState().cache.conversations.c1!;
const loadedIds = () => cacheOf().messages.map((m) => m.id);
/** `count` messages a minute apart, so createdAt order is history order. */
const makeHistory = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    makeMessage({ createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString() }),
  );

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useMessagesStore.getState().reset();
  useConversationsStore.setState({ activeConversationId: 'c1' });
  requests.length = 0;
});
afterEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(serveHistory);
  vi.unstubAllGlobals();
});

describe('jump to a message: one call for the window around it', () => {
  it('asks for nothing more when the message is already loaded', async () => {
    history = makeHistory(30);
    await useMessagesStore.getState().loadMessages('c1');
    expect(await openMessageWindow('c1', history[25]!.id)).toBe('found');
    expect(requests).toHaveLength(1);
  });

  it(`reaches a message far older than the ${MESSAGES_PER_CONVERSATION_LIMIT} the cache holds, in one call`, async () => {
    history = makeHistory(1000);
    await useMessagesStore.getState().loadMessages('c1');
    const target = history[15]!;
    expect(await openMessageWindow('c1', target.id)).toBe('found');
    expect(requests).toHaveLength(2);
    expect(requests[1]!.get('around')).toBe(target.id);
    expect(requests[1]!.has('beforeId')).toBe(false);
    // The window is now the target's neighbourhood, not the newest end.
    expect(loadedIds()).toEqual(history.slice(5, 5 + MESSAGE_PAGE_SIZE).map((m) => m.id));
    expect([cacheOf().hasMore, cacheOf().hasNewer]).toEqual([true, true]);
  });

  it('from the jumped-to window, scrolling down loads newer pages after the newest loaded message', async () => {
    history = makeHistory(1000);
    await useMessagesStore.getState().loadMessages('c1');
    await openMessageWindow('c1', history[15]!.id);
    await useMessagesStore.getState().loadNewer('c1');
    expect(requests.at(-1)!.get('afterId')).toBe(history[24]!.id);
    expect(requests.at(-1)!.get('afterDate')).toBe(history[24]!.createdAt);
    expect(loadedIds().at(-1)).toBe(history[44]!.id);
  });

  it('waits for the screen’s own first load instead of racing it', async () => {
    history = makeHistory(100);
    const firstLoad = useMessagesStore.getState().loadMessages('c1');
    const jump = openMessageWindow('c1', history[5]!.id);
    await firstLoad;
    expect(await jump).toBe('found');
    expect(requests.map((q) => q.get('around'))).toEqual([null, history[5]!.id]);
  });

  it('the screen’s first load starting just after the jump (the page’s effect order) does not replace its window', async () => {
    history = makeHistory(100);
    const target = history[5]!;
    // The newest page is answered only after the around page has been applied.
    let answerNewest: () => void = () => undefined;
    fetchMock.mockImplementation((input) => {
      const response = serveHistory(input);
      if (requests.at(-1)!.has('around')) return response;
      return new Promise((resolve) => (answerNewest = () => resolve(response)));
    });
    const jump = openMessageWindow('c1', target.id);
    const firstLoad = useMessagesStore.getState().loadMessages('c1');
    expect(await jump).toBe('found');
    answerNewest();
    await firstLoad;
    expect(requests.map((q) => q.get('around'))).toEqual([null, target.id]);
    // The jump was asked for last: its window stands, with the target in it.
    expect(loadedIds()).toContain(target.id);
    expect(useMessagesStore.getState().loading.c1).toBe(false);
  });

  it('a window load asked for while the around page is on its way wins over it (Jump to newest)', async () => {
    history = makeHistory(100);
    await useMessagesStore.getState().loadMessages('c1');
    let answerAround: () => void = () => undefined;
    fetchMock.mockImplementation((input) => {
      const response = serveHistory(input);
      if (!requests.at(-1)!.has('around')) return response;
      return new Promise((resolve) => (answerAround = () => resolve(response)));
    });
    const jump = openMessageWindow('c1', history[5]!.id);
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    await useMessagesStore.getState().loadMessages('c1');
    answerAround();
    expect(await jump).toBe('cancelled');
    expect(loadedIds().at(-1)).toBe(history[99]!.id);
  });

  it('a 404 (deleted, or not in this conversation) is "gone" and leaves the window as it was', async () => {
    history = makeHistory(45);
    await useMessagesStore.getState().loadMessages('c1');
    const before = loadedIds();
    expect(await openMessageWindow('c1', 'deleted-message')).toBe('gone');
    expect(loadedIds()).toEqual(before);
  });

  it('a window that comes back without the message (a tombstone the cache drops) is "gone"', async () => {
    history = makeHistory(60);
    const target = history[10]!;
    history[10] = { ...target, deletedAt: '2025-02-01T00:00:00.000Z', content: '' };
    await useMessagesStore.getState().loadMessages('c1');
    expect(await openMessageWindow('c1', target.id)).toBe('gone');
  });

  it('stops once the caller gives up', async () => {
    history = makeHistory(100);
    await useMessagesStore.getState().loadMessages('c1');
    const controller = new AbortController();
    const jump = openMessageWindow('c1', history[0]!.id, { signal: controller.signal });
    controller.abort();
    expect(await jump).toBe('cancelled');
  });

  it('rejects when the window cannot be loaded', async () => {
    history = makeHistory(100);
    await useMessagesStore.getState().loadMessages('c1');
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(openMessageWindow('c1', history[0]!.id)).rejects.toMatchObject({ status: 0 });
  });
});
