import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, User } from '@stoop/shared';
import { applyPage } from '../services/chat/message-cache.ts';
import { makeMessage } from '../services/chat/message-cache.fixtures.ts';
import { logger } from '../services/logger.ts';
import { useAuthStore } from '../stores/auth.ts';
import { useConversationsStore } from '../stores/conversations.ts';
import { useMessagesStore } from '../stores/messages.ts';
import { connectSocket, disconnectSocket } from './socket.ts';

/** A stand-in for socket.io-client's socket: fires server events on demand. */
const fake = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => void;
  const listeners = new Map<string, Listener[]>();
  return {
    on(name: string, listener: Listener) {
      listeners.set(name, [...(listeners.get(name) ?? []), listener]);
      return this;
    },
    fire(name: string, ...args: unknown[]) {
      for (const listener of listeners.get(name) ?? []) listener(...args);
    },
    connect() {
      return this;
    },
    disconnect() {
      return this;
    },
    removeAllListeners() {
      listeners.clear();
      return this;
    },
    emit() {
      return this;
    },
    connected: false,
  };
});
vi.mock('socket.io-client', () => ({ io: () => fake }));

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

describe('incoming server events are checked against the shared schemas', () => {
  it('a malformed message:new is logged and dropped; the stores stay as they were', () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    connectSocket();
    const { content: _content, ...withoutContent } = makeMessage({ id: 'bad', seq: 1 });
    expect(() => fake.fire('message:new', { message: withoutContent })).not.toThrow();
    expect(() => fake.fire('message:new', 'not an object')).not.toThrow();
    expect(cached()).toEqual([]);
    expect(useConversationsStore.getState().conversations[0]!.unreadCount).toBe(0);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(
      'A malformed server event was dropped',
      expect.objectContaining({ name: 'message:new' }),
    );
  });

  it('a malformed conversation:deleted does not remove anything', () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    connectSocket();
    fake.fire('conversation:deleted', { conversationId: 42 });
    fake.fire('presence', { online: 'everyone' });
    expect(useConversationsStore.getState().conversations.map((c) => c.id)).toEqual(['c1']);
    expect(useMessagesStore.getState().cache.conversations.c1).toBeDefined();
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('a well-formed event after a malformed one is applied', () => {
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    connectSocket();
    fake.fire('message:new', { message: { id: 'broken' } });
    fake.fire('message:new', { message: makeMessage({ id: 'good', seq: 2 }) });
    expect(cached().map((m) => m.id)).toEqual(['good']);
    expect(useConversationsStore.getState().conversations[0]!.unreadCount).toBe(1);
  });
});
