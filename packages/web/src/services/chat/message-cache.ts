/**
 * Pure rules of the client message cache (R-MSG-4 "Messages and
 * cache"). The messages store keeps its state in these shapes and changes it only through these
 * functions, so every rule is testable without React, timers or the network.
 *
 * Where messages live:
 * - top-level messages of a conversation: `conversations[id].messages`, a sliding window of its
 *   history (message-window.ts: paged both ways, hasMore, hasNewer), conversations evicted LRU;
 * - thread replies and single messages fetched on their own (thread parents, search hits):
 *   `individual`, capped by the individual-messages limit, oldest insert evicted first.
 */
import type { Message } from '@stoop/shared';
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
import { isLocalMessage, localMessageId } from './message-list.ts';
import {
  applyLiveMessages,
  newConversationCache,
  trimConversation,
  windowWithPage,
  type ConversationCache,
  type PageMode,
  type WindowPage,
} from './message-window.ts';

export { compareMessages, isLocalMessage, localMessageId, mergeMessages } from './message-list.ts';
export {
  newConversationCache,
  newestServerMessage,
  oldestServerMessage,
  type PageMode,
  type WindowPage,
} from './message-window.ts';

export interface CacheState {
  conversations: Record<string, ConversationCache>;
  /** Thread replies and single messages, by id. */
  individual: Record<string, Message>;
  /** Insert order of `individual`, oldest first. */
  individualOrder: string[];
  /** Logical clock; bumped on every touch. */
  clock: number;
}

export const emptyCache = (): CacheState => ({
  conversations: {},
  individual: {},
  individualOrder: [],
  clock: 0,
});

/** Cleanup levels; 'high' and 'critical' mirror the memory pressure levels that trigger them (R-MEM-2). */
export type CleanupLevel = 'high' | 'critical';

export const totalMessages = (state: CacheState): number =>
  Object.values(state.conversations).reduce((sum, c) => sum + c.messages.length, 0);

export const conversationCount = (state: CacheState): number => Object.keys(state.conversations).length;

export const individualCount = (state: CacheState): number => state.individualOrder.length;

/** Everything the cache holds, for the memory monitor. */
export const cacheSize = (state: CacheState): number => totalMessages(state) + individualCount(state);

/**
 * R-CACHE-3: the highest share of any limit decides. At 0.95 of a limit the cache needs
 * a critical cleanup, at 0.8 a normal one, below that none.
 */
export function usageLevel(state: CacheState): CleanupLevel | null {
  const ratio = Math.max(
    totalMessages(state) / TOTAL_MESSAGES_LIMIT,
    conversationCount(state) / CACHED_CONVERSATIONS_LIMIT,
    individualCount(state) / INDIVIDUAL_MESSAGES_LIMIT,
  );
  if (ratio >= CLEANUP_THRESHOLD_CRITICAL) return 'critical';
  if (ratio >= CLEANUP_THRESHOLD_HIGH) return 'high';
  return null;
}

/** Never evicted: the conversation on screen, and messages still waiting for the server. */
export interface Keep {
  conversationId?: string | null;
  /** Message ids that must stay (pending local echoes). */
  messageIds?: ReadonlySet<string>;
}

/** Least recently used first, the kept conversation excluded. */
function evictionOrder(state: CacheState, keep: Keep): string[] {
  return Object.entries(state.conversations)
    .filter(([id]) => id !== keep.conversationId)
    .sort(([, a], [, b]) => a.touchedAt - b.touchedAt)
    .map(([id]) => id);
}

function evictConversations(
  state: CacheState,
  keep: Keep,
  maxConversations: number,
  maxMessages: number,
): CacheState {
  const conversations = { ...state.conversations };
  let count = Object.keys(conversations).length;
  let total = totalMessages(state);
  for (const id of evictionOrder(state, keep)) {
    if (count <= maxConversations && total <= maxMessages) break;
    total -= conversations[id]?.messages.length ?? 0;
    count -= 1;
    delete conversations[id];
  }
  return { ...state, conversations };
}

function evictIndividual(state: CacheState, keep: Keep, max: number): CacheState {
  if (state.individualOrder.length <= max) return state;
  const individual = { ...state.individual };
  const order: string[] = [];
  let excess = state.individualOrder.length - max;
  for (const id of state.individualOrder) {
    if (excess > 0 && !keep.messageIds?.has(id)) {
      delete individual[id];
      excess -= 1;
    } else {
      order.push(id);
    }
  }
  return { ...state, individual, individualOrder: order };
}

function trimEach(state: CacheState, perConversation: number): CacheState {
  const conversations: Record<string, ConversationCache> = {};
  for (const [id, cache] of Object.entries(state.conversations))
    conversations[id] = trimConversation(cache, perConversation);
  return { ...state, conversations };
}

/**
 * The hard limits of R-CACHE-2, applied after every write: 200 per conversation, 50 conversations
 * (least recently used go first), 5000 messages in all, 2000 individual messages.
 */
function enforceLimits(state: CacheState, keep: Keep = {}): CacheState {
  const trimmed = trimEach(state, MESSAGES_PER_CONVERSATION_LIMIT);
  const evicted = evictConversations(trimmed, keep, CACHED_CONVERSATIONS_LIMIT, TOTAL_MESSAGES_LIMIT);
  return evictIndividual(evicted, keep, INDIVIDUAL_MESSAGES_LIMIT);
}

/**
 * A cleanup run (R-MEM-2, R-CACHE-3). 'high' brings every measure back under 0.8 of its limit;
 * 'critical' also cuts each conversation to 100 messages and the cache to 30 conversations.
 */
export function cleanupCache(state: CacheState, level: CleanupLevel, keep: Keep = {}): CacheState {
  const below = (limit: number) => Math.floor(limit * CLEANUP_THRESHOLD_HIGH) - 1;
  let next = enforceLimits(state, keep);
  if (level === 'critical') {
    next = trimEach(next, CRITICAL_MESSAGES_PER_CONVERSATION);
    next = evictConversations(next, keep, CRITICAL_CACHED_CONVERSATIONS, below(TOTAL_MESSAGES_LIMIT));
  } else {
    next = evictConversations(next, keep, below(CACHED_CONVERSATIONS_LIMIT), below(TOTAL_MESSAGES_LIMIT));
  }
  return evictIndividual(next, keep, below(INDIVIDUAL_MESSAGES_LIMIT));
}

/** Marks a conversation as just used (LRU). */
export function touch(state: CacheState, conversationId: string): CacheState {
  const cache = state.conversations[conversationId];
  if (!cache) return state;
  const clock = state.clock + 1;
  return {
    ...state,
    clock,
    conversations: { ...state.conversations, [conversationId]: { ...cache, touchedAt: clock } },
  };
}

/** Where a message belongs: replies go to the individual cache, top-level ones to their conversation. */
const isReply = (message: Message) => message.parentMessageId !== null;

/**
 * Adds or updates messages (socket events, sync changes, sends). R-MSG-4: a message without a
 * conversationId is not cached. Conversations not yet loaded are left alone for top-level
 * messages (their first fetch brings them), so a busy channel in the background costs nothing.
 */
export function upsertMessages(state: CacheState, messages: readonly Message[], keep: Keep = {}): CacheState {
  let next = state;
  const byConversation = new Map<string, Message[]>();
  for (const message of messages) {
    if (!message.conversationId) continue;
    if (isReply(message) || next.individual[message.id]) next = upsertIndividual(next, message);
    if (isReply(message)) continue;
    const list = byConversation.get(message.conversationId) ?? [];
    list.push(message);
    byConversation.set(message.conversationId, list);
  }
  for (const [conversationId, list] of byConversation) {
    const cache = next.conversations[conversationId];
    if (!cache) continue;
    next = {
      ...next,
      conversations: { ...next.conversations, [conversationId]: applyLiveMessages(cache, list) },
    };
  }
  return enforceLimits(next, keep);
}

/** Stores a message in the individual cache (merge by id; tombstones removed). */
export function upsertIndividual(state: CacheState, message: Message): CacheState {
  if (!message.conversationId) return state;
  const individual = { ...state.individual };
  let order = state.individualOrder;
  // A server copy replaces its local echo.
  if (message.clientMessageId !== null) {
    const local = localMessageId(message.clientMessageId);
    if (local !== message.id && individual[local]) {
      delete individual[local];
      order = order.filter((id) => id !== local);
    }
  }
  const current = individual[message.id];
  if (current && !isLocalMessage(current) && current.seq > message.seq) return state;
  if (message.deletedAt !== null) {
    delete individual[message.id];
    return { ...state, individual, individualOrder: order.filter((id) => id !== message.id) };
  }
  individual[message.id] = message;
  if (!current) order = [...order, message.id];
  return { ...state, individual, individualOrder: order };
}

/**
 * Applies one fetched page to the conversation's sliding window (message-window.ts): the
 * newest page replaces what was there apart from messages still being sent; older and newer pages
 * extend the window, and the limits then trim the end far from where the resident reads.
 */
export function applyPage(
  state: CacheState,
  conversationId: string,
  page: WindowPage,
  mode: PageMode,
  keep: Keep = {},
): CacheState {
  const top = page.messages.filter((m) => m.conversationId && !isReply(m));
  const clock = state.clock + 1;
  const window = windowWithPage(state.conversations[conversationId], { ...page, messages: top }, mode, clock);
  let next: CacheState = {
    ...state,
    clock,
    conversations: { ...state.conversations, [conversationId]: window },
  };
  for (const reply of page.messages.filter(isReply)) next = upsertIndividual(next, reply);
  return enforceLimits(next, { ...keep, conversationId: keep.conversationId ?? conversationId });
}

/** R-CACHE-6: a 404 on fetch leaves that conversation's cache empty. */
export function emptyConversation(state: CacheState, conversationId: string): CacheState {
  const clock = state.clock + 1;
  return {
    ...state,
    clock,
    conversations: {
      ...state.conversations,
      [conversationId]: newConversationCache(clock),
    },
  };
}

/** Drops a conversation entirely (deleted, or left). */
export function dropConversation(state: CacheState, conversationId: string): CacheState {
  if (!state.conversations[conversationId]) return state;
  const conversations = { ...state.conversations };
  delete conversations[conversationId];
  return { ...state, conversations };
}

/** Finds a cached message by id anywhere in the cache. */
export function findMessage(state: CacheState, messageId: string): Message | undefined {
  const single = state.individual[messageId];
  if (single) return single;
  for (const cache of Object.values(state.conversations)) {
    const found = cache.messages.find((m) => m.id === messageId);
    if (found) return found;
  }
  return undefined;
}

/** Removes a message from every place it is cached (local echoes that failed and are discarded). */
export function removeMessage(state: CacheState, messageId: string): CacheState {
  const conversations: Record<string, ConversationCache> = {};
  for (const [id, cache] of Object.entries(state.conversations)) {
    conversations[id] = cache.messages.some((m) => m.id === messageId)
      ? { ...cache, messages: cache.messages.filter((m) => m.id !== messageId) }
      : cache;
  }
  const individual = { ...state.individual };
  delete individual[messageId];
  return {
    ...state,
    conversations,
    individual,
    individualOrder: state.individualOrder.filter((id) => id !== messageId),
  };
}

/** Highest change-feed position among the messages, for GET /api/sync?after=. */
export const highestSeq = (messages: readonly Message[], current: number): number =>
  messages.reduce((max, m) => (m.seq > max ? m.seq : max), current);
