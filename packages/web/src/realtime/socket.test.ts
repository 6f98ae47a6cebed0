import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, User } from '@stoop/shared';
import { applyPage } from '../services/chat/message-cache.ts';
import { makeMessage } from '../services/chat/message-cache.fixtures.ts';
import { handleServerEvent } from './server-events.ts';
import { catchUp } from './socket.ts';
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

describe('server events', () => {
  it('message:new adds the message and counts it unread in a conversation not open', () => {
    useConversationsStore.setState({
      conversations: [{ id: 'c1', unreadCount: 0, metadata: {} } as Conversation],
      activeConversationId: 'other',
    });
    handleServerEvent({
      name: 'message:new',
      payload: { message: makeMessage({ id: 'a', userId: 'nadia' }) },
    });
    expect(view().map((m) => m.id)).toEqual(['a']);
    expect(useConversationsStore.getState().conversations[0]!.unreadCount).toBe(1);
  });

  it('message:new in the open conversation is reported read (own posts too), elsewhere not', async () => {
    const readReports = await import('../services/chat/read-reports.ts');
    const seen = vi.spyOn(readReports, 'reportSeen');
    useConversationsStore.setState({
      conversations: [{ id: 'c1', unreadCount: 0, metadata: {} } as Conversation],
      activeConversationId: 'c1',
    });
    handleServerEvent({ name: 'message:new', payload: { message: makeMessage({ id: 'b', seq: 41 }) } });
    expect(seen).toHaveBeenCalledWith('c1', 41);
    seen.mockClear();
    useConversationsStore.setState({ activeConversationId: 'other' });
    handleServerEvent({ name: 'message:new', payload: { message: makeMessage({ id: 'c', seq: 42 }) } });
    expect(seen).not.toHaveBeenCalled();
    seen.mockRestore();
    readReports.clearReadReports();
  });

  it('message:updated, liked and deleted merge by id; deleted leaves no trace', () => {
    const m = makeMessage({ id: 'a' });
    handleServerEvent({ name: 'message:new', payload: { message: m } });
    handleServerEvent({
      name: 'message:liked',
      payload: { message: { ...m, likedBy: ['x'], seq: m.seq + 1 } },
    });
    expect(view()[0]!.likedBy).toEqual(['x']);
    handleServerEvent({
      name: 'message:deleted',
      payload: { message: { ...m, deletedAt: m.createdAt, seq: m.seq + 2 } },
    });
    expect(view()).toEqual([]);
  });

  it('typing from others is shown, own typing ignored', () => {
    handleServerEvent({ name: 'typing', payload: { conversationId: 'c1', userId: 'me', username: 'Me' } });
    handleServerEvent({ name: 'typing', payload: { conversationId: 'c1', userId: 'u2', username: 'Nadia' } });
    expect(Object.keys(useConversationsStore.getState().typing.c1 ?? {})).toEqual(['u2']);
    useConversationsStore.getState().reset();
  });

  it('a message from someone typing ends their typing notice at once', () => {
    handleServerEvent({ name: 'typing', payload: { conversationId: 'c1', userId: 'u2', username: 'Nadia' } });
    handleServerEvent({ name: 'typing', payload: { conversationId: 'c1', userId: 'u3', username: 'Leo' } });
    handleServerEvent({
      name: 'message:new',
      payload: { message: makeMessage({ id: 'typed', userId: 'u2', conversationId: 'c1' }) },
    });
    expect(Object.keys(useConversationsStore.getState().typing.c1 ?? {})).toEqual(['u3']);
    useConversationsStore.getState().reset();
  });

  it('conversation:deleted drops the conversation and its messages', () => {
    useConversationsStore.setState({ conversations: [{ id: 'c1' } as Conversation] });
    handleServerEvent({ name: 'conversation:deleted', payload: { conversationId: 'c1' } });
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
