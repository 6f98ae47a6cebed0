import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, User } from '@stoop/shared';
import { applyPage } from '../services/chat/message-cache.ts';
import { makeMessage } from '../services/chat/message-cache.fixtures.ts';
import { logger } from '../services/logger/logger.ts';
import { useAuthStore } from '../stores/auth.ts';
import { useConversationsStore } from '../stores/conversations.ts';
import { useMessagesStore } from '../stores/messages.ts';
import { startSocketServer, type TestSocketServer } from '../test/socket-server.ts';
import { connectSocket, disconnectSocket, getSocket } from './socket.ts';

let server: TestSocketServer;

beforeAll(async () => {
  server = await startSocketServer();
});
afterAll(async () => {
  await server.close();
});

/** Connects the client under test and resolves once the server holds its socket. */
async function connected(): Promise<void> {
  await connectSocket();
  await vi.waitFor(() => expect(getSocket()?.connected).toBe(true));
}

const conversation = { id: 'c1', unreadCount: 0, metadata: {} } as Conversation;
const cached = () => useMessagesStore.getState().cache.conversations.c1!.messages;

beforeEach(() => {
  useMessagesStore.getState().reset();
  useConversationsStore.getState().reset();
  useAuthStore.setState({ user: { id: 'me', role: 'resident', isLocked: false } as User });
  useConversationsStore.setState({ conversations: [conversation], activeConversationId: 'other' });
  useMessagesStore.setState({
    cache: applyPage(useMessagesStore.getState().cache, 'c1', { messages: [], hasMore: false }, 'initial'),
  });
});
afterEach(() => {
  disconnectSocket();
  vi.restoreAllMocks();
});

describe('incoming live updates are checked against the shared schemas', () => {
  it('a malformed message:new is logged and dropped; the stores stay as they were', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    await connected();
    const { content: _content, ...withoutContent } = makeMessage({ id: 'bad', seq: 1 });
    server.emit('message:new', { message: withoutContent });
    server.emit('message:new', 'not an object');
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    expect(cached()).toEqual([]);
    expect(useConversationsStore.getState().conversations[0]!.unreadCount).toBe(0);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(
      'A malformed server event was dropped',
      expect.objectContaining({ name: 'message:new' }),
    );
  });

  it('a malformed conversation:deleted does not remove anything', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    await connected();
    server.emit('conversation:deleted', { conversationId: 42 });
    server.emit('presence', { online: 'everyone' });
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    expect(useConversationsStore.getState().conversations.map((c) => c.id)).toEqual(['c1']);
    expect(useMessagesStore.getState().cache.conversations.c1).toBeDefined();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('a well-formed event after a malformed one is applied', async () => {
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    await connected();
    server.emit('message:new', { message: { id: 'broken' } });
    server.emit('message:new', { message: makeMessage({ id: 'good', seq: 2 }) });
    await vi.waitFor(() => expect(cached().map((m) => m.id)).toEqual(['good']));
    expect(useConversationsStore.getState().conversations[0]!.unreadCount).toBe(1);
  });
});
