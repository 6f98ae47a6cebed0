import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message, User } from '@stoop/shared';
import {
  CRITICAL_CACHED_CONVERSATIONS,
  CRITICAL_MESSAGES_PER_CONVERSATION,
  CACHED_CONVERSATIONS_LIMIT,
  CLEANUP_THRESHOLD_HIGH,
  FULL_CLEANUP_INTERVAL_MS,
  MESSAGES_PER_CONVERSATION_LIMIT,
  PRESSURE_CHECK_INTERVAL_MS,
  TOTAL_MESSAGES_LIMIT,
} from '@stoop/shared/constants';
import { TEXTS } from '@stoop/shared/texts';
import { MemoryMonitor } from '../services/device/memory.ts';
import {
  applyPage,
  conversationCount,
  localMessageId,
  totalMessages,
} from '../services/chat/message-cache.ts';
import { makeMessage } from '../services/chat/message-cache.fixtures.ts';
import { toast } from '../services/ui/toast.ts';
import { useAuthStore } from './auth.ts';
import { useConversationsStore } from './conversations.ts';
import { messageCacheRegistration, useMessagesStore } from './messages.ts';
import { useOutboxStore } from './outbox.ts';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    statusText: status === 200 ? 'OK' : 'Error',
    headers: { 'Content-Type': 'application/json' },
  });
const networkFailure = () => Promise.reject(new TypeError('Failed to fetch'));

const me = { id: 'me', role: 'resident', isLocked: false } as User;

function seed(conversationId: string, messages: Message[], hasMore = false) {
  const store = useMessagesStore.getState();
  useMessagesStore.setState({
    cache: applyPage(store.cache, conversationId, { messages, hasMore }, 'initial'),
  });
}

const view = (conversationId = 'c1') =>
  useMessagesStore.getState().cache.conversations[conversationId]?.messages ?? [];

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(toast, 'error').mockReturnValue('t');
  vi.spyOn(toast, 'success').mockReturnValue('t');
  useOutboxStore.getState().reset();
  useMessagesStore.getState().reset();
  useAuthStore.setState({ user: me });
  useConversationsStore.setState({ activeConversationId: 'c1' });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The clientMessageId of a text send (a JSON body: docs/decisions/0010-json-text-sends.md). */
const clientIdSent = (init: RequestInit | undefined): string =>
  (JSON.parse(init?.body as string) as { clientMessageId: string }).clientMessageId;

describe('messages store: fetching', () => {
  it('loads the first page with hasMore per conversation', async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, { messages: [makeMessage()], hasMore: true, conversation: null }),
    );
    await useMessagesStore.getState().loadMessages('c1');
    expect(fetchMock.mock.calls[0]![0] as string).toContain('/api/conversations/c1/messages?limit=20');
    expect(useMessagesStore.getState().cache.conversations.c1!.hasMore).toBe(true);
  });

  it('prepends older pages while hasMore, asking before the oldest message', async () => {
    const newer = makeMessage({ createdAt: '2025-03-03T10:00:00.000Z' });
    seed('c1', [newer], true);
    const older = makeMessage({ createdAt: '2025-03-02T10:00:00.000Z' });
    fetchMock.mockResolvedValueOnce(json(200, { messages: [older], hasMore: false, conversation: null }));
    await useMessagesStore.getState().loadOlder('c1');
    expect(fetchMock.mock.calls[0]![0] as string).toContain(`beforeId=${newer.id}`);
    expect(view().map((m) => m.id)).toEqual([older.id, newer.id]);
    await useMessagesStore.getState().loadOlder('c1'); // hasMore is now false: no call
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fetch 404 empties that conversation cache and rethrows', async () => {
    seed('c1', [makeMessage()]);
    fetchMock.mockResolvedValueOnce(
      json(404, { statusCode: 404, error: 'Not Found', message: 'Conversation not found' }),
    );
    await expect(useMessagesStore.getState().loadMessages('c1')).rejects.toMatchObject({ status: 404 });
    expect(view()).toEqual([]);
  });
});

describe('messages store: sending', () => {
  it(`'${TEXTS.noActiveConversation}' when sending without an active conversation`, async () => {
    useConversationsStore.setState({ activeConversationId: null });
    await expect(
      useOutboxStore
        .getState()
        .sendMessage(useConversationsStore.getState().activeConversationId, { content: 'hi' }),
    ).rejects.toThrow(TEXTS.noActiveConversation);
    expect(toast.error).toHaveBeenCalledWith(TEXTS.noActiveConversation);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends to the conversation it is given, not to whichever one is open', async () => {
    seed('c1', []);
    seed('c2', []);
    fetchMock.mockImplementationOnce((_url, init) => {
      const cid = clientIdSent(init);
      const message = makeMessage({ id: 'server-c2', conversationId: 'c2', clientMessageId: cid });
      return Promise.resolve(json(201, { message }));
    });
    await useOutboxStore.getState().sendMessage('c2', { content: 'hello' });
    expect(fetchMock.mock.calls[0]![0] as string).toContain('/api/conversations/c2/messages');
    expect(view('c2').map((m) => m.id)).toEqual(['server-c2']);
    expect(view('c1')).toEqual([]);
  });

  it('shows the message at once as pending, then replaces it with the server copy on the ack', async () => {
    seed('c1', []);
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const sending = useOutboxStore.getState().sendMessage('c1', { content: 'hello' });
    const [echo] = view();
    expect(echo!.content).toBe('hello');
    const cid = echo!.clientMessageId!;
    expect(useOutboxStore.getState().sends[cid]!.status).toBe('pending');
    expect(clientIdSent(fetchMock.mock.calls[0]![1])).toBe(cid);
    answer(json(201, { message: makeMessage({ id: 'server-1', content: 'hello', clientMessageId: cid }) }));
    await sending;
    expect(view().map((m) => m.id)).toEqual(['server-1']);
    expect(useOutboxStore.getState().sends[cid]).toBeUndefined();
  });

  it('message:new before the ack replaces the echo and the ack does not show it twice', async () => {
    seed('c1', []);
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const sending = useOutboxStore.getState().sendMessage('c1', { content: 'hello' });
    const cid = view()[0]!.clientMessageId!;
    const server = makeMessage({ id: 'server-2', clientMessageId: cid });
    useMessagesStore.getState().applyServerMessages([server]);
    expect(view().map((m) => m.id)).toEqual(['server-2']);
    answer(json(201, { message: server }));
    await sending;
    expect(view().map((m) => m.id)).toEqual(['server-2']);
  });

  it('retries once automatically on a network error with the same clientMessageId', async () => {
    seed('c1', []);
    fetchMock.mockImplementationOnce(networkFailure).mockImplementationOnce((_url, init) => {
      const cid = clientIdSent(init);
      return Promise.resolve(json(201, { message: makeMessage({ id: 'server-3', clientMessageId: cid }) }));
    });
    await useOutboxStore.getState().sendMessage('c1', { content: 'hello' });
    const ids = fetchMock.mock.calls.map((call) => clientIdSent(call[1]));
    expect(ids[0]).toBe(ids[1]);
    expect(view().map((m) => m.id)).toEqual(['server-3']);
  });

  it('is marked failed after the retry fails, and Retry reuses the same clientMessageId', async () => {
    seed('c1', []);
    fetchMock.mockImplementationOnce(networkFailure).mockImplementationOnce(networkFailure);
    await useOutboxStore.getState().sendMessage('c1', { content: 'hello' });
    const cid = view()[0]!.clientMessageId!;
    expect(useOutboxStore.getState().sends[cid]!.status).toBe('failed');
    expect(view()[0]!.id).toBe(localMessageId(cid));
    fetchMock.mockResolvedValueOnce(
      json(200, { message: makeMessage({ id: 'server-4', clientMessageId: cid }) }),
    );
    await useOutboxStore.getState().retrySend(cid);
    expect(clientIdSent(fetchMock.mock.calls[2]![1])).toBe(cid);
    expect(view().map((m) => m.id)).toEqual(['server-4']);
  });
});

describe('messages store: R-MSG-3, R-ERR-5, R-ERR-4 like rules', () => {
  it('liking an already liked message is ignored silently (no call)', async () => {
    seed('c1', [makeMessage({ id: 'm', likedBy: ['me'] })]);
    await useMessagesStore.getState().likeMessage('m');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("like answered 400 containing 'already liked' is ignored", async () => {
    seed('c1', [makeMessage({ id: 'm' })]);
    fetchMock.mockResolvedValueOnce(
      json(400, { statusCode: 400, error: 'Bad Request', message: 'Message already liked' }),
    );
    await useMessagesStore.getState().likeMessage('m');
    expect(view()[0]!.likedBy).toEqual(['me']);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('a like that fails otherwise rolls back and shows the error', async () => {
    seed('c1', [makeMessage({ id: 'm' })]);
    fetchMock.mockResolvedValueOnce(json(500, { statusCode: 500, error: 'Internal', message: 'boom' }));
    await useMessagesStore.getState().likeMessage('m');
    expect(view()[0]!.likedBy).toEqual([]);
    expect(toast.error).toHaveBeenCalledWith('boom');
  });

  it.each([400, 404])('unlike answered %i is treated as already unliked', async (status) => {
    seed('c1', [makeMessage({ id: 'm', likedBy: ['me'] })]);
    fetchMock.mockResolvedValueOnce(json(status, { statusCode: status, error: 'x', message: 'not liked' }));
    await useMessagesStore.getState().unlikeMessage('m');
    expect(view()[0]!.likedBy).toEqual([]);
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe('messages store: live updates', () => {
  it('tombstones (deletedAt) are removed from view', () => {
    const m = makeMessage({ id: 'm' });
    seed('c1', [m]);
    useMessagesStore.getState().applyServerMessages([{ ...m, deletedAt: m.createdAt, seq: m.seq + 1 }]);
    expect(view()).toEqual([]);
  });

  it('tracks the highest seq seen for the reconnect sync', () => {
    seed('c1', []);
    useMessagesStore.getState().applyServerMessages([makeMessage({ seq: 41 }), makeMessage({ seq: 42 })]);
    expect(useMessagesStore.getState().seq).toBe(42);
  });
});

describe('R-CACHE-5, R-MEM-3 cleanup schedule through the memory monitor', () => {
  function fill(conversations: number, per: number) {
    for (let i = 0; i < conversations; i += 1) {
      const messages = Array.from({ length: per }, (_, j) =>
        makeMessage({
          id: `x${i}-${j}`,
          conversationId: `k${i}`,
          createdAt: new Date(Date.UTC(2025, 0, 1) + j * 1000).toISOString(),
        }),
      );
      seed(`k${i}`, messages);
    }
  }

  it(`pressure check every ${PRESSURE_CHECK_INTERVAL_MS / 1000} s: critical pressure cuts to ${CRITICAL_MESSAGES_PER_CONVERSATION} per conversation and ${CRITICAL_CACHED_CONVERSATIONS} conversations`, () => {
    vi.useFakeTimers();
    useConversationsStore.setState({ activeConversationId: null });
    fill(TOTAL_MESSAGES_LIMIT / MESSAGES_PER_CONVERSATION_LIMIT, MESSAGES_PER_CONVERSATION_LIMIT); // full: critical
    const monitor = new MemoryMonitor();
    monitor.registerCache(messageCacheRegistration);
    monitor.start();
    vi.advanceTimersByTime(PRESSURE_CHECK_INTERVAL_MS - 1);
    expect(totalMessages(useMessagesStore.getState().cache)).toBe(TOTAL_MESSAGES_LIMIT);
    vi.advanceTimersByTime(1);
    const cache = useMessagesStore.getState().cache;
    expect(
      Object.values(cache.conversations).every(
        (c) => c.messages.length <= CRITICAL_MESSAGES_PER_CONVERSATION,
      ),
    ).toBe(true);
    expect(conversationCount(cache)).toBeLessThanOrEqual(CRITICAL_CACHED_CONVERSATIONS);
    monitor.stop();
  });

  it(`full cleanup every ${FULL_CLEANUP_INTERVAL_MS / 1000} s cleans once a limit passes ${CLEANUP_THRESHOLD_HIGH}`, () => {
    vi.useFakeTimers();
    useConversationsStore.setState({ activeConversationId: null });
    const many = Math.ceil(CACHED_CONVERSATIONS_LIMIT * 0.9);
    fill(many, 1); // low memory pressure, but 90 % of the conversation limit
    const monitor = new MemoryMonitor();
    monitor.registerCache(messageCacheRegistration);
    monitor.start();
    vi.advanceTimersByTime(FULL_CLEANUP_INTERVAL_MS - 1);
    expect(conversationCount(useMessagesStore.getState().cache)).toBe(many);
    vi.advanceTimersByTime(1);
    expect(conversationCount(useMessagesStore.getState().cache)).toBeLessThan(
      CACHED_CONVERSATIONS_LIMIT * CLEANUP_THRESHOLD_HIGH,
    );
    monitor.stop();
  });
});
