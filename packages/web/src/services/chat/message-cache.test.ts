import { describe, expect, it } from 'vitest';
import type { Message } from '@stoop/shared';
import { makeMessage } from './message-cache.fixtures.ts';
import {
  CACHED_CONVERSATIONS_LIMIT,
  CLEANUP_THRESHOLD_CRITICAL,
  CLEANUP_THRESHOLD_HIGH,
  CRITICAL_CACHED_CONVERSATIONS,
  CRITICAL_MESSAGES_PER_CONVERSATION,
  INDIVIDUAL_MESSAGES_LIMIT,
  MESSAGES_PER_CONVERSATION_LIMIT,
  TOTAL_MESSAGES_LIMIT,
} from '@stoop/shared/constants';
import {
  applyPage,
  cleanupCache,
  conversationCount,
  emptyCache,
  emptyConversation,
  individualCount,
  localMessageId,
  mergeMessages,
  totalMessages,
  touch,
  upsertMessages,
  usageLevel,
  type CacheState,
} from './message-cache.ts';

/** `count` messages in conversation `id`, timestamps increasing. */
function page(id: string, count: number, start = 0): Message[] {
  return Array.from({ length: count }, (_, i) =>
    makeMessage({
      id: `${id}-${String(start + i).padStart(5, '0')}`,
      conversationId: id,
      createdAt: new Date(Date.UTC(2025, 0, 1) + (start + i) * 1000).toISOString(),
    }),
  );
}

function withConversations(count: number, perConversation: number): CacheState {
  let state = emptyCache();
  for (let i = 0; i < count; i += 1) {
    state = applyPage(
      state,
      `c${i}`,
      { messages: page(`c${i}`, perConversation), hasMore: false },
      'initial',
      { conversationId: null },
    );
  }
  return state;
}

describe('R-MSG-1, R-MSG-2 message list rules', () => {
  it('merge by id: updates a message that is present', () => {
    const a = makeMessage({ content: 'old' });
    const merged = mergeMessages([a], [{ ...a, content: 'new', seq: a.seq + 1 }]);
    expect(merged).toHaveLength(1);
    expect(merged[0]!.content).toBe('new');
  });

  it('merge by id: adds a message that is absent', () => {
    const a = makeMessage();
    const b = makeMessage();
    expect(mergeMessages([a], [b]).map((m) => m.id)).toEqual([a.id, b.id]);
  });

  it('sorts by createdAt ascending, ties by id', () => {
    const t = '2025-03-03T10:00:00.000Z';
    const late = makeMessage({ createdAt: '2025-03-04T10:00:00.000Z' });
    const tieB = makeMessage({ id: 'b', createdAt: t });
    const tieA = makeMessage({ id: 'a', createdAt: t });
    expect(mergeMessages([], [late, tieB, tieA]).map((m) => m.id)).toEqual(['a', 'b', late.id]);
  });

  it('an older copy (lower seq) never overwrites a newer one', () => {
    const a = makeMessage({ content: 'edited', seq: 10 });
    expect(mergeMessages([a], [{ ...a, content: 'stale', seq: 5 }])[0]!.content).toBe('edited');
  });

  it('tombstones (deletedAt) are removed from view', () => {
    const a = makeMessage();
    expect(mergeMessages([a], [{ ...a, deletedAt: a.createdAt, seq: a.seq + 1 }])).toEqual([]);
  });

  it('a server copy replaces the local echo with the same clientMessageId (never shown twice)', () => {
    const echo = makeMessage({ id: localMessageId('cm-1'), clientMessageId: 'cm-1', seq: 0 });
    const server = makeMessage({ clientMessageId: 'cm-1' });
    const once = mergeMessages([echo], [server]);
    const twice = mergeMessages(once, [server]);
    expect(twice.map((m) => m.id)).toEqual([server.id]);
  });

  it('hasMore per conversation: each conversation keeps its own flag', () => {
    let state = applyPage(emptyCache(), 'a', { messages: page('a', 3), hasMore: true }, 'initial');
    state = applyPage(state, 'b', { messages: page('b', 3), hasMore: false }, 'initial');
    expect(state.conversations.a!.hasMore).toBe(true);
    expect(state.conversations.b!.hasMore).toBe(false);
  });

  it('older pages are prepended while hasMore', () => {
    const newer = page('a', 20, 20);
    const older = page('a', 20, 0);
    let state = applyPage(emptyCache(), 'a', { messages: newer, hasMore: true }, 'initial');
    state = applyPage(state, 'a', { messages: older, hasMore: false }, 'older');
    const ids = state.conversations.a!.messages.map((m) => m.id);
    expect(ids).toHaveLength(40);
    expect(ids[0]).toBe(older[0]!.id);
    expect(ids[39]).toBe(newer[19]!.id);
    expect(state.conversations.a!.hasMore).toBe(false);
  });

  it('a message without conversationId is not cached (R-MSG-4)', () => {
    let state = applyPage(emptyCache(), 'c1', { messages: [], hasMore: false }, 'initial');
    state = upsertMessages(state, [makeMessage({ conversationId: '' })]);
    expect(totalMessages(state)).toBe(0);
    state = upsertMessages(state, [makeMessage({ conversationId: '', parentMessageId: 'p' })]);
    expect(individualCount(state)).toBe(0);
  });

  it('fetch 404 leaves that conversation cache empty', () => {
    let state = applyPage(emptyCache(), 'c1', { messages: page('c1', 5), hasMore: true }, 'initial');
    state = emptyConversation(state, 'c1');
    expect(state.conversations.c1!.messages).toEqual([]);
    expect(state.conversations.c1!.hasMore).toBe(false);
  });

  it('replies go to the individual cache, not the conversation list', () => {
    let state = applyPage(emptyCache(), 'c1', { messages: [], hasMore: false }, 'initial');
    state = upsertMessages(state, [makeMessage({ parentMessageId: 'p1' })]);
    expect(totalMessages(state)).toBe(0);
    expect(individualCount(state)).toBe(1);
  });
});

describe('R-CACHE-2 cache limits', () => {
  it(`keeps at most ${MESSAGES_PER_CONVERSATION_LIMIT} messages per conversation: at the newest end the oldest go (hasMore set)`, () => {
    let state = applyPage(emptyCache(), 'a', { messages: page('a', 150, 100), hasMore: true }, 'initial');
    state = upsertMessages(state, page('a', 100, 250));
    const cache = state.conversations.a!;
    expect(cache.messages).toHaveLength(MESSAGES_PER_CONVERSATION_LIMIT);
    expect(cache.messages.at(-1)!.id).toBe('a-00349');
    expect(cache.hasMore).toBe(true);
  });

  it(`keeps at most ${MESSAGES_PER_CONVERSATION_LIMIT} messages per conversation: an older page keeps its place, the newest go (hasNewer set)`, () => {
    let state = applyPage(emptyCache(), 'a', { messages: page('a', 150, 100), hasMore: true }, 'initial');
    state = applyPage(state, 'a', { messages: page('a', 100, 0), hasMore: false, hasNewer: true }, 'older');
    const cache = state.conversations.a!;
    expect(cache.messages).toHaveLength(MESSAGES_PER_CONVERSATION_LIMIT);
    expect(cache.messages[0]!.id).toBe('a-00000');
    expect(cache.messages.at(-1)!.id).toBe('a-00199');
    expect([cache.hasMore, cache.hasNewer]).toEqual([false, true]);
  });

  it(`keeps at most ${CACHED_CONVERSATIONS_LIMIT} conversations, evicting the least recently used`, () => {
    let state = withConversations(CACHED_CONVERSATIONS_LIMIT, 1);
    state = touch(state, 'c0'); // c0 used recently, so c1 is now the least recently used
    state = applyPage(state, 'new', { messages: page('new', 1), hasMore: false }, 'initial');
    expect(conversationCount(state)).toBe(CACHED_CONVERSATIONS_LIMIT);
    expect(state.conversations.c0).toBeDefined();
    expect(state.conversations.c1).toBeUndefined();
    expect(state.conversations.new).toBeDefined();
  });

  it('never evicts the active conversation', () => {
    let state = withConversations(CACHED_CONVERSATIONS_LIMIT, 1);
    state = applyPage(state, 'new', { messages: page('new', 1), hasMore: false }, 'initial', {
      conversationId: 'c0',
    });
    expect(state.conversations.c0).toBeDefined();
  });

  it(`keeps at most ${TOTAL_MESSAGES_LIMIT} messages in all`, () => {
    const per = MESSAGES_PER_CONVERSATION_LIMIT;
    const full = Math.ceil(TOTAL_MESSAGES_LIMIT / per) + 1; // 26 full conversations: 5200 > 5000
    const state = withConversations(full, per);
    expect(totalMessages(state)).toBeLessThanOrEqual(TOTAL_MESSAGES_LIMIT);
    expect(state.conversations[`c${full - 1}`]).toBeDefined();
    expect(state.conversations.c0).toBeUndefined();
  });

  it(`keeps at most ${INDIVIDUAL_MESSAGES_LIMIT} individual messages, oldest first out`, () => {
    const replies = Array.from({ length: INDIVIDUAL_MESSAGES_LIMIT + 5 }, (_, i) =>
      makeMessage({ id: `r${i}`, parentMessageId: 'p' }),
    );
    const state = upsertMessages(emptyCache(), replies);
    expect(individualCount(state)).toBe(INDIVIDUAL_MESSAGES_LIMIT);
    expect(state.individual.r0).toBeUndefined();
    expect(state.individual[`r${INDIVIDUAL_MESSAGES_LIMIT + 4}`]).toBeDefined();
  });

  it(`usage reaches the high level at ${CLEANUP_THRESHOLD_HIGH} of a limit and critical at ${CLEANUP_THRESHOLD_CRITICAL}`, () => {
    const high = Math.ceil(CACHED_CONVERSATIONS_LIMIT * CLEANUP_THRESHOLD_HIGH);
    const critical = Math.ceil(CACHED_CONVERSATIONS_LIMIT * CLEANUP_THRESHOLD_CRITICAL);
    expect(usageLevel(withConversations(high - 1, 1))).toBeNull();
    expect(usageLevel(withConversations(high, 1))).toBe('high');
    expect(usageLevel(withConversations(critical, 1))).toBe('critical');
  });

  it(`high cleanup brings conversations below ${CLEANUP_THRESHOLD_HIGH} of the limit`, () => {
    const state = cleanupCache(withConversations(CACHED_CONVERSATIONS_LIMIT, 1), 'high');
    expect(conversationCount(state)).toBeLessThan(CACHED_CONVERSATIONS_LIMIT * CLEANUP_THRESHOLD_HIGH);
  });

  it(`high cleanup brings individual messages below ${CLEANUP_THRESHOLD_HIGH} of the limit`, () => {
    const replies = Array.from({ length: INDIVIDUAL_MESSAGES_LIMIT }, (_, i) =>
      makeMessage({ id: `r${i}`, parentMessageId: 'p' }),
    );
    const state = cleanupCache(upsertMessages(emptyCache(), replies), 'high');
    expect(individualCount(state)).toBeLessThan(INDIVIDUAL_MESSAGES_LIMIT * CLEANUP_THRESHOLD_HIGH);
  });

  it(`critical cleanup cuts each conversation to ${CRITICAL_MESSAGES_PER_CONVERSATION} messages`, () => {
    const state = cleanupCache(withConversations(3, MESSAGES_PER_CONVERSATION_LIMIT), 'critical');
    for (const cache of Object.values(state.conversations)) {
      expect(cache.messages).toHaveLength(CRITICAL_MESSAGES_PER_CONVERSATION);
      expect(cache.hasMore).toBe(true);
    }
  });

  it(`critical cleanup cuts the cache to ${CRITICAL_CACHED_CONVERSATIONS} conversations`, () => {
    const state = cleanupCache(withConversations(CACHED_CONVERSATIONS_LIMIT, 1), 'critical', {
      conversationId: 'c0',
    });
    expect(conversationCount(state)).toBe(CRITICAL_CACHED_CONVERSATIONS);
    expect(state.conversations.c0).toBeDefined();
  });

  it('cleanup keeps pending local echoes', () => {
    const echo = makeMessage({ id: localMessageId('x'), parentMessageId: 'p', clientMessageId: 'x' });
    const replies = [
      echo,
      ...Array.from({ length: INDIVIDUAL_MESSAGES_LIMIT }, (_, i) =>
        makeMessage({ id: `r${i}`, parentMessageId: 'p' }),
      ),
    ];
    const state = cleanupCache(
      upsertMessages(emptyCache(), replies, { messageIds: new Set([echo.id]) }),
      'critical',
      {
        messageIds: new Set([echo.id]),
      },
    );
    expect(state.individual[echo.id]).toBeDefined();
  });
});
