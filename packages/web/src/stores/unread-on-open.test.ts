import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMessage } from '../services/chat/message-cache.fixtures.ts';
import { installFakeServer, json, makeConversation } from '../test/fake-server.ts';
import { useConversationsStore } from './conversations.ts';
import { useMessagesStore } from './messages.ts';

const messages = [makeMessage({ id: 'a' }), makeMessage({ id: 'b' }), makeMessage({ id: 'c' })];
/** c1's newest page, which read two messages that were unread before it. */
const newestPageOfC1 = () =>
  json(200, { messages, hasMore: false, hasNewer: false, conversation: makeConversation(), unreadBefore: 2 });

beforeEach(() => {
  useConversationsStore.getState().reset();
  useMessagesStore.getState().reset();
});
afterEach(() => vi.unstubAllGlobals());

describe('R-MSG-22: the "New messages" line after a reload', () => {
  it('the newest page’s unreadBefore decides it before its messages go in, and the list that follows does not undo it', async () => {
    // A reload: the conversation is open before the list has arrived, so nothing looks unread.
    useConversationsStore.getState().setActiveConversation('c1');
    expect(useConversationsStore.getState().unreadOnOpen).toEqual({ conversationId: 'c1', count: 0 });
    installFakeServer({
      'GET /api/conversations/c1/messages': newestPageOfC1,
      // The page read them, so the list that comes after says nothing is unread.
      'GET /api/conversations': () => json(200, { conversations: [makeConversation({ unreadCount: 0 })] }),
      'POST /api/conversations/c1/read': () => json(204),
    });
    let countWhenMessagesArrived: number | undefined;
    const stop = useMessagesStore.subscribe((state) => {
      if (countWhenMessagesArrived === undefined && state.cache.conversations.c1?.messages.length)
        countWhenMessagesArrived = useConversationsStore.getState().unreadOnOpen?.count;
    });
    await useMessagesStore.getState().loadMessages('c1');
    stop();
    expect(countWhenMessagesArrived).toBe(2);
    await useConversationsStore.getState().loadConversations();
    expect(useConversationsStore.getState().unreadOnOpen).toEqual({ conversationId: 'c1', count: 2 });
  });

  it('a page of another conversation than the open one changes nothing', async () => {
    useConversationsStore.getState().setActiveConversation('c2');
    installFakeServer({
      'GET /api/conversations/c1/messages': newestPageOfC1,
      'POST /api/conversations/c2/read': () => json(204),
    });
    await useMessagesStore.getState().loadMessages('c1');
    expect(useConversationsStore.getState().unreadOnOpen).toEqual({ conversationId: 'c2', count: 0 });
  });
});
