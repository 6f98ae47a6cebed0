import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@stoop/shared';
import { MESSAGE_PAGE_SIZE, MESSAGES_PER_CONVERSATION_LIMIT } from '@stoop/shared/constants';
import { makeMessage } from '../services/message-cache.fixtures.ts';
import { JUMP_MAX_PAGES, loadUntilMessage } from './message-jump.ts';
import { useConversationsStore } from './conversations.ts';
import { useMessagesStore } from './messages.ts';

/** A conversation's whole history on the fake server, oldest first. */
let history: Message[] = [];
let pageSize = MESSAGE_PAGE_SIZE;
const requests: URLSearchParams[] = [];

/** Answers GET …/messages like the server: the page just before the cursor, oldest first. */
function serveHistory(input: RequestInfo | URL): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const query = new URL(url, 'http://localhost').searchParams;
  requests.push(query);
  const beforeId = query.get('beforeId');
  const end = beforeId ? history.findIndex((m) => m.id === beforeId) : history.length;
  const start = Math.max(0, end - pageSize);
  const body = { messages: history.slice(start, end), hasMore: start > 0, conversation: null };
  return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
}

const fetchMock = vi.fn(serveHistory);
const conversationIds = () => useMessagesStore.getState().cache.conversations.c1?.messages.map((m) => m.id);
/** `count` messages a minute apart, so createdAt order is history order. */
const makeHistory = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    makeMessage({ createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString() }),
  );

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useMessagesStore.getState().reset();
  useConversationsStore.setState({ activeConversationId: 'c1' });
  pageSize = MESSAGE_PAGE_SIZE;
  requests.length = 0;
});
afterEach(() => {
  fetchMock.mockClear();
  vi.unstubAllGlobals();
});

describe('jump to a message: loading older pages until it is there', () => {
  it('asks for nothing more when the message is already loaded', async () => {
    history = makeHistory(30);
    await useMessagesStore.getState().loadMessages('c1');
    expect(await loadUntilMessage('c1', history[25]!.id)).toBe('found');
    expect(requests).toHaveLength(1);
  });

  it('walks back page by page with beforeDate and beforeId until the message is loaded', async () => {
    history = makeHistory(100);
    await useMessagesStore.getState().loadMessages('c1');
    const target = history[15]!;
    expect(await loadUntilMessage('c1', target.id)).toBe('found');
    // The first page ends at 80; three older pages reach back to 20, a fourth to 0.
    expect(requests).toHaveLength(5);
    expect(requests[1]!.get('beforeId')).toBe(history[80]!.id);
    expect(requests[1]!.get('beforeDate')).toBe(history[80]!.createdAt);
    expect(requests[4]!.get('beforeId')).toBe(history[20]!.id);
    expect(conversationIds()).toContain(target.id);
  });

  it('waits for the screen’s own first load instead of sending a second one', async () => {
    history = makeHistory(30);
    const firstLoad = useMessagesStore.getState().loadMessages('c1');
    const jump = loadUntilMessage('c1', history[5]!.id);
    await firstLoad;
    expect(await jump).toBe('found');
    expect(requests.map((q) => q.get('beforeId'))).toEqual([null, history[10]!.id]);
  });

  it('stops at the beginning of the conversation when the message is not there (deleted)', async () => {
    history = makeHistory(45);
    await useMessagesStore.getState().loadMessages('c1');
    expect(await loadUntilMessage('c1', 'deleted-message')).toBe('gone');
    expect(requests).toHaveLength(3);
  });

  it(`stops after ${JUMP_MAX_PAGES} pages`, async () => {
    // Pages of one message, so the per-conversation cache limit is never the reason to stop.
    pageSize = 1;
    history = makeHistory(100);
    await useMessagesStore.getState().loadMessages('c1');
    expect(await loadUntilMessage('c1', history[0]!.id)).toBe('too-far');
    expect(requests).toHaveLength(1 + JUMP_MAX_PAGES);
  });

  it(`stops when the cache holds its ${MESSAGES_PER_CONVERSATION_LIMIT} messages and an older page no longer fits`, async () => {
    history = makeHistory(400);
    await useMessagesStore.getState().loadMessages('c1');
    expect(await loadUntilMessage('c1', history[0]!.id)).toBe('too-far');
    const pagesToFill = MESSAGES_PER_CONVERSATION_LIMIT / MESSAGE_PAGE_SIZE;
    // The first page, the older pages that fill the cache, and the one that did not fit.
    expect(requests).toHaveLength(pagesToFill + 1);
    expect(conversationIds()).toHaveLength(MESSAGES_PER_CONVERSATION_LIMIT);
  });

  it('stops asking once the caller gives up', async () => {
    history = makeHistory(100);
    await useMessagesStore.getState().loadMessages('c1');
    const controller = new AbortController();
    const jump = loadUntilMessage('c1', history[0]!.id, { signal: controller.signal });
    controller.abort();
    expect(await jump).toBe('cancelled');
    expect(requests.length).toBeLessThanOrEqual(2);
  });

  it('rejects when a page cannot be loaded', async () => {
    history = makeHistory(100);
    await useMessagesStore.getState().loadMessages('c1');
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(loadUntilMessage('c1', history[0]!.id)).rejects.toMatchObject({ status: 0 });
  });
});
