import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message, User } from '@stoop/shared';
import { applyPage } from '../services/chat/message-cache.ts';
import { makeMessage } from '../services/chat/message-cache.fixtures.ts';
import { applyLiveUpdate } from '../realtime/live-updates.ts';
import { toast } from '../services/ui/toast.ts';
import { makeConversation } from '../test/fake-server.ts';
import { useAuthStore } from './auth.ts';
import { useConversationsStore } from './conversations.ts';
import { useMessagesStore } from './messages.ts';
import { useOutboxStore } from './outbox.ts';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const pageOf = (messages: Message[], hasMore: boolean, hasNewer: boolean) =>
  json(200, { messages, hasMore, hasNewer, conversation: null });
const requestUrl = (call: number) => new URL(fetchMock.mock.calls[call]![0] as string, 'http://localhost');

const older = makeMessage({ id: 'older', createdAt: '2025-03-01T10:00:00.000Z' });
const middle = makeMessage({ id: 'middle', createdAt: '2025-03-01T11:00:00.000Z' });
const newest = makeMessage({ id: 'newest', createdAt: '2025-03-02T10:00:00.000Z' });

/** c1's window back in history: older and middle loaded, newer ones on the server only. */
function seedBackInHistory() {
  const { cache } = useMessagesStore.getState();
  useMessagesStore.setState({
    cache: applyPage(cache, 'c1', { messages: [older, middle], hasMore: true, hasNewer: true }, 'around'),
  });
}
const window = () => useMessagesStore.getState().cache.conversations.c1!;
const ids = () => window().messages.map((m) => m.id);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(toast, 'error').mockReturnValue('t');
  useOutboxStore.getState().reset();
  useMessagesStore.getState().reset();
  useConversationsStore.getState().reset();
  useAuthStore.setState({ user: { id: 'me', role: 'resident', isLocked: false } as User });
  useConversationsStore.setState({
    conversations: [makeConversation({ id: 'c1', unreadCount: 0 })],
    activeConversationId: 'c1',
  });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('messages store: the sliding window', () => {
  it('loadNewer asks after the newest loaded message and appends; only while hasNewer', async () => {
    seedBackInHistory();
    fetchMock.mockResolvedValueOnce(pageOf([newest], true, false));
    await useMessagesStore.getState().loadNewer('c1');
    expect(requestUrl(0).searchParams.get('afterId')).toBe('middle');
    expect(requestUrl(0).searchParams.get('afterDate')).toBe(middle.createdAt);
    expect(ids()).toEqual(['older', 'middle', 'newest']);
    expect(window().hasNewer).toBe(false);
    await useMessagesStore.getState().loadNewer('c1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('loadAround replaces the window with the page around the message', async () => {
    seedBackInHistory();
    fetchMock.mockResolvedValueOnce(pageOf([newest], true, false));
    await useMessagesStore.getState().loadAround('c1', 'newest');
    expect(requestUrl(0).searchParams.get('around')).toBe('newest');
    expect(ids()).toEqual(['newest']);
  });

  it('a 404 for an around page keeps the window (it is about the message, not the conversation)', async () => {
    seedBackInHistory();
    fetchMock.mockResolvedValueOnce(json(404, { statusCode: 404, message: 'Message not found' }));
    await expect(useMessagesStore.getState().loadAround('c1', 'gone')).rejects.toMatchObject({ status: 404 });
    expect(ids()).toEqual(['older', 'middle']);
  });

  it('sending from back in history loads the newest page, where the message will be', async () => {
    seedBackInHistory();
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        (input as string).includes('limit=')
          ? pageOf([newest], true, false)
          : json(201, { message: makeMessage({ id: 'sent', createdAt: '2025-03-03T10:00:00.000Z' }) }),
      ),
    );
    await useOutboxStore.getState().sendMessage('c1', { content: 'hello' });
    await vi.waitFor(() => expect(window().hasNewer).toBe(false));
    expect(ids()).not.toContain('older');
    expect(ids()).toContain('newest');
  });

  it('message:new back in history is not shown in the middle, and counts as unread even in the open conversation', () => {
    seedBackInHistory();
    const live = makeMessage({ id: 'live', userId: 'nadia', createdAt: '2025-03-04T10:00:00.000Z' });
    applyLiveUpdate({ name: 'message:new', payload: { message: live } });
    expect(ids()).toEqual(['older', 'middle']);
    expect(useConversationsStore.getState().conversations[0]!.unreadCount).toBe(1);
  });

  it('more than a page of live messages back in history: paging forward shows each once, in order, none lost', async () => {
    seedBackInHistory();
    const live = Array.from({ length: 30 }, (_, i) =>
      makeMessage({
        id: `live${String(i).padStart(2, '0')}`,
        userId: 'nadia',
        createdAt: `2025-03-04T10:00:${String(i).padStart(2, '0')}.000Z`,
      }),
    );
    for (const message of live) applyLiveUpdate({ name: 'message:new', payload: { message } });
    expect(ids()).toEqual(['older', 'middle']);
    // Only the newest page's worth is held back; the server has every one of them.
    expect(window().heldBack.map((m) => m.id)).toEqual(live.slice(10).map((m) => m.id));
    fetchMock.mockResolvedValueOnce(pageOf([newest, ...live.slice(0, 19)], true, true));
    await useMessagesStore.getState().loadNewer('c1');
    // The last page was read just before live29 was committed: the held-back copy fills it in.
    fetchMock.mockResolvedValueOnce(pageOf(live.slice(19, 29), true, false));
    await useMessagesStore.getState().loadNewer('c1');
    expect(requestUrl(1).searchParams.get('afterId')).toBe('live18');
    expect(ids()).toEqual(['older', 'middle', 'newest', ...live.map((m) => m.id)]);
    expect(window()).toMatchObject({ hasNewer: false, heldBack: [] });
  });

  it('message:new at the newest end of the open conversation is shown and not counted', () => {
    const { cache } = useMessagesStore.getState();
    useMessagesStore.setState({
      cache: applyPage(cache, 'c1', { messages: [newest], hasMore: true }, 'initial'),
    });
    const live = makeMessage({ id: 'live', userId: 'nadia', createdAt: '2025-03-04T10:00:00.000Z' });
    applyLiveUpdate({ name: 'message:new', payload: { message: live } });
    expect(ids()).toEqual(['newest', 'live']);
    expect(useConversationsStore.getState().conversations[0]!.unreadCount).toBe(0);
  });
});
