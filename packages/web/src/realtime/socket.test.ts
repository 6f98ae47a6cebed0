import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@stoop/shared';
import { applyPage } from '../services/chat/message-cache.ts';
import { makeMessage } from '../services/chat/message-cache.fixtures.ts';
import { applyLiveUpdate } from './live-updates.ts';
import { catchUp } from './socket.ts';
import { makeConversation } from '../test/fake-server.ts';
import { useAuthStore } from '../stores/auth.ts';
import { useConversationsStore } from '../stores/conversations.ts';
import { useMessagesStore } from '../stores/messages.ts';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  useMessagesStore.getState().reset();
  useConversationsStore.getState().reset();
  useAuthStore.setState({ user: { id: 'me', role: 'resident', isLocked: false } as User });
  useMessagesStore.setState({
    cache: applyPage(useMessagesStore.getState().cache, 'c1', { messages: [], hasMore: false }, 'initial'),
  });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const view = () => useMessagesStore.getState().cache.conversations.c1!.messages;

describe('live updates', () => {
  it('message:new adds the message and counts it unread in a conversation not open', () => {
    useConversationsStore.setState({
      conversations: [makeConversation({ id: 'c1', unreadCount: 0 })],
      activeConversationId: 'other',
    });
    applyLiveUpdate({
      name: 'message:new',
      payload: { message: makeMessage({ id: 'a', userId: 'nadia' }) },
    });
    expect(view().map((m) => m.id)).toEqual(['a']);
    expect(useConversationsStore.getState().conversations[0]!.unreadCount).toBe(1);
  });

  it('message:new reports no read position itself: the list does, where the resident sees it (R-RECEIPT-6)', async () => {
    const readReports = await import('../services/chat/read-reports.ts');
    const seen = vi.spyOn(readReports, 'reportSeen');
    useConversationsStore.setState({
      conversations: [makeConversation({ id: 'c1', unreadCount: 0 })],
      activeConversationId: 'c1',
    });
    applyLiveUpdate({ name: 'message:new', payload: { message: makeMessage({ id: 'b', seq: 41 }) } });
    expect(view().map((m) => m.id)).toEqual(['b']);
    expect(seen).not.toHaveBeenCalled();
    seen.mockRestore();
  });

  it('message:updated, liked and deleted merge by id; deleted leaves no trace', () => {
    const m = makeMessage({ id: 'a' });
    applyLiveUpdate({ name: 'message:new', payload: { message: m } });
    applyLiveUpdate({
      name: 'message:liked',
      payload: { message: { ...m, likedBy: ['x'], seq: m.seq + 1 } },
    });
    expect(view()[0]!.likedBy).toEqual(['x']);
    applyLiveUpdate({
      name: 'message:deleted',
      payload: { message: { ...m, deletedAt: m.createdAt, seq: m.seq + 2 } },
    });
    expect(view()).toEqual([]);
  });

  it('typing from others is shown, own typing ignored', () => {
    applyLiveUpdate({ name: 'typing', payload: { conversationId: 'c1', userId: 'me', username: 'Me' } });
    applyLiveUpdate({ name: 'typing', payload: { conversationId: 'c1', userId: 'u2', username: 'Nadia' } });
    expect(Object.keys(useConversationsStore.getState().typing.c1 ?? {})).toEqual(['u2']);
    useConversationsStore.getState().reset();
  });

  it('a message from someone typing ends their typing notice at once', () => {
    applyLiveUpdate({ name: 'typing', payload: { conversationId: 'c1', userId: 'u2', username: 'Nadia' } });
    applyLiveUpdate({ name: 'typing', payload: { conversationId: 'c1', userId: 'u3', username: 'Leo' } });
    applyLiveUpdate({
      name: 'message:new',
      payload: { message: makeMessage({ id: 'typed', userId: 'u2', conversationId: 'c1' }) },
    });
    expect(Object.keys(useConversationsStore.getState().typing.c1 ?? {})).toEqual(['u3']);
    useConversationsStore.getState().reset();
  });

  it('conversation:deleted drops the conversation and its messages', () => {
    useConversationsStore.setState({ conversations: [makeConversation({ id: 'c1' })] });
    applyLiveUpdate({ name: 'conversation:deleted', payload: { conversationId: 'c1' } });
    expect(useConversationsStore.getState().conversations).toEqual([]);
    expect(useMessagesStore.getState().cache.conversations.c1).toBeUndefined();
  });
});

describe('reconnect catch-up', () => {
  it('pages GET /api/sync from the highest seq seen until hasMore is false', async () => {
    useMessagesStore.setState({ seq: 10 });
    const edited = makeMessage({ id: 'a', content: 'edited', seq: 11 });
    const added = makeMessage({ id: 'b', seq: 12 });
    fetchMock
      .mockResolvedValueOnce(json({ changes: [edited], next: 11, hasMore: true }))
      .mockResolvedValueOnce(json({ changes: [added], next: 12, hasMore: false }));
    await catchUp();
    expect(fetchMock.mock.calls.map((c) => c[0] as string)).toEqual([
      '/api/sync?after=10',
      '/api/sync?after=11',
    ]);
    expect(view().map((m) => m.id)).toEqual(['a', 'b']);
    expect(useMessagesStore.getState().seq).toBe(12);
  });
});
