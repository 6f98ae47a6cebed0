/**
 * Messages of every cached conversation and thread (
 * R-SCOPE-0): merged by id, paged per conversation, with likes, edits and deletes applied
 * optimistically. The rules live in services/chat/message-cache.ts. Sends, uploads and drafts are
 * the outbox's (stores/outbox.ts); their local echoes are cached here like any message.
 */
import { create } from 'zustand';
import type { Message, ReportReason } from '@stoop/shared';
import { TEXTS } from '@stoop/shared/texts';
import { isApiError } from '../services/http/client.ts';
import { chatApi, type MessagesPage, type PageCursor, type Thread } from '../services/api/chat-api.ts';
import { needsCleanup, type CacheRegistration } from '../services/device/memory.ts';
import {
  applyPage,
  cacheSize,
  cleanupCache,
  emptyCache,
  emptyConversation,
  dropConversation,
  findMessage,
  highestSeq,
  isLocalMessage,
  localMessageId,
  newConversationCache,
  newestServerMessage,
  oldestServerMessage,
  removeMessage,
  touch,
  upsertIndividual,
  upsertMessages,
  usageLevel,
  type CacheState,
  type CleanupLevel,
  type Keep,
  type PageMode,
} from '../services/chat/message-cache.ts';
import { toast } from '../services/ui/toast.ts';
import { toggledReactions } from '../services/chat/reactions.ts';
import { useAuthStore } from './auth.ts';
import { useConversationsStore } from './conversations.ts';

/**
 * The outbox's side of the cache. stores/outbox.ts registers it: the cache must not import the
 * outbox (the outbox builds on the cache), yet eviction and server copies concern its sends.
 */
interface OutboxLink {
  /** Local echoes of unsent messages: eviction keeps them. */
  pendingMessageIds: () => Iterable<string>;
  /** Server copies arrived (called before they merge): their sends are done. */
  serverMessagesArrived: (messages: readonly Message[]) => void;
}

let outbox: OutboxLink = { pendingMessageIds: () => [], serverMessagesArrived: () => undefined };

export function linkOutbox(link: OutboxLink): void {
  outbox = link;
}

export interface MessagesState {
  cache: CacheState;
  /** Conversations with a page request in flight. */
  loading: Record<string, boolean>;
  /** Highest change-feed position seen; the socket syncs from here after a reconnect. */
  seq: number;

  /** The newest page; it replaces a window that was back in history (also "Jump to newest"). */
  loadMessages: (conversationId: string) => Promise<void>;
  loadOlder: (conversationId: string) => Promise<void>;
  /** The next page towards the newest end, while the window is back in history (hasNewer). */
  loadNewer: (conversationId: string) => Promise<void>;
  /**
   * The window around one message (a jump to it), in one call; a 404 means it is not there. Null
   * when a window load asked for later (the newest page) answered for the window instead.
   */
  loadAround: (conversationId: string, messageId: string) => Promise<MessagesPage | null>;
  loadThread: (messageId: string) => Promise<Thread>;
  /** A send's optimistic copy, shown at once; a window back in history returns to the newest end. */
  insertLocalEcho: (echo: Message) => void;
  removeLocalEcho: (clientMessageId: string) => void;
  likeMessage: (messageId: string) => Promise<void>;
  unlikeMessage: (messageId: string) => Promise<void>;
  /** Adds or takes back the resident's emoji reaction, shown at once, undone on failure. */
  reactToMessage: (messageId: string, emoji: string, add: boolean) => Promise<void>;
  editMessage: (messageId: string, content: string) => Promise<boolean>;
  deleteMessage: (messageId: string) => Promise<boolean>;
  /** Reports a message to the admins, with an optional reason. */
  flagMessage: (messageId: string, report?: { reason?: ReportReason; note?: string }) => Promise<boolean>;
  /** Withdraws the resident's own report. */
  withdrawReport: (messageId: string) => Promise<boolean>;
  /** Socket events and sync changes: merge by id, tombstones removed. */
  applyServerMessages: (messages: readonly Message[]) => void;
  dropConversation: (conversationId: string) => void;
  touchConversation: (conversationId: string) => void;
  cleanup: (level: CleanupLevel) => void;
  /** The periodic full cleanup (R-CACHE-5): cleans at the level current usage calls for. */
  runFullCleanup: () => void;
  count: () => number;
  reset: () => void;
}

const currentUserId = () => useAuthStore.getState().user?.id ?? null;
const activeConversationId = () => useConversationsStore.getState().activeConversationId;

const isStatus = (error: unknown, ...statuses: number[]) =>
  isApiError(error) && statuses.includes(error.status);
const errorText = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

const initialState = () => ({ cache: emptyCache(), loading: {}, seq: 0 });

export const useMessagesStore = create<MessagesState>()((set, get) => {
  /** What eviction must keep: the open conversation and every unsent local echo. */
  const keep = (): Keep => ({
    conversationId: activeConversationId(),
    messageIds: new Set(outbox.pendingMessageIds()),
  });

  const setCache = (cache: CacheState) => set({ cache });

  /**
   * Page requests per conversation: how many are in flight (`loading` is up while any is), and the
   * ticket of the last one that replaces the window (the newest page, an around page).
   */
  const requests = new Map<string, { inFlight: number; lastReplace: number }>();
  let nextTicket = 0;
  const requestsOf = (conversationId: string) => {
    let entry = requests.get(conversationId);
    if (!entry) requests.set(conversationId, (entry = { inFlight: 0, lastReplace: 0 }));
    return entry;
  };

  /**
   * Fetches one page into the cache with the conversation's loading flag up meanwhile. Pages may
   * answer out of order: a page asked for before a window load that replaces the window is not
   * applied (null), so a jump's around page is never replaced by a newest page the screen asked
   * for a moment earlier, nor "Jump to newest" by a jump still on its way. R-CACHE-6: a 404 (not
   * found or no access) empties that conversation's cache, and the error goes on.
   */
  const fetchPage = async (
    conversationId: string,
    mode: PageMode,
    cursor?: PageCursor,
  ): Promise<{ page: MessagesPage; applied: boolean }> => {
    const ticket = (nextTicket += 1);
    const conversationRequests = requestsOf(conversationId);
    if (mode === 'initial' || mode === 'around') conversationRequests.lastReplace = ticket;
    conversationRequests.inFlight += 1;
    set({ loading: { ...get().loading, [conversationId]: true } });
    try {
      const page = await chatApi.fetchMessages(conversationId, cursor);
      const applied = requestsOf(conversationId).lastReplace <= ticket;
      // Before the messages go in, so the list places its "New messages" line with them.
      if (page.unreadBefore)
        useConversationsStore
          .getState()
          .noteUnreadOnOpen(conversationId, page.unreadBefore, page.firstUnreadId);
      if (applied) {
        set({
          cache: applyPage(get().cache, conversationId, page, mode, keep()),
          seq: highestSeq(page.messages, get().seq),
        });
      }
      return { page, applied };
    } catch (error) {
      // An around page's 404 is about its message (a jump target), not the conversation.
      if (isStatus(error, 404) && mode !== 'around') setCache(emptyConversation(get().cache, conversationId));
      throw error;
    } finally {
      const inFlight = (requestsOf(conversationId).inFlight -= 1);
      if (inFlight === 0) set({ loading: { ...get().loading, [conversationId]: false } });
    }
  };

  /** Replaces a cached message in place (optimistic edits); a copy is returned for rollback. */
  const patch = (messageId: string, change: (m: Message) => Message): Message | undefined => {
    const current = findMessage(get().cache, messageId);
    if (!current) return undefined;
    setCache(upsertMessages(get().cache, [change(current)], keep()));
    return current;
  };

  /** A reply that arrives before its parent's own update still counts in the parent's thread. */
  const linkReplies = (cache: CacheState, messages: readonly Message[]): CacheState => {
    let next = cache;
    for (const reply of messages) {
      if (!reply.parentMessageId || reply.deletedAt !== null || isLocalMessage(reply)) continue;
      const parent = findMessage(next, reply.parentMessageId);
      if (parent && !parent.replies.includes(reply.id)) {
        next = upsertMessages(next, [{ ...parent, replies: [...parent.replies, reply.id] }], keep());
      }
    }
    return next;
  };

  const applyServerMessages = (messages: readonly Message[]) => {
    if (messages.length === 0) return;
    outbox.serverMessagesArrived(messages);
    const merged = upsertMessages(get().cache, messages, keep());
    set({ cache: linkReplies(merged, messages), seq: highestSeq(messages, get().seq) });
  };

  return {
    ...initialState(),

    loadMessages: async (conversationId) => {
      const { page } = await fetchPage(conversationId, 'initial');
      // The page names its conversation: a channel opened by link joins the list this way.
      if (page.conversation) useConversationsStore.getState().upsertConversation(page.conversation);
    },

    loadOlder: async (conversationId) => {
      const cache = get().cache.conversations[conversationId];
      if (!cache?.hasMore || get().loading[conversationId]) return;
      const oldest = oldestServerMessage(cache);
      if (!oldest) return get().loadMessages(conversationId);
      await fetchPage(conversationId, 'older', { beforeDate: oldest.createdAt, beforeId: oldest.id });
    },

    loadNewer: async (conversationId) => {
      const cache = get().cache.conversations[conversationId];
      if (!cache?.hasNewer || get().loading[conversationId]) return;
      const newest = newestServerMessage(cache);
      if (!newest) return get().loadMessages(conversationId);
      await fetchPage(conversationId, 'newer', { afterDate: newest.createdAt, afterId: newest.id });
    },

    loadAround: async (conversationId, messageId) => {
      const { page, applied } = await fetchPage(conversationId, 'around', { around: messageId });
      return applied ? page : null;
    },

    loadThread: async (messageId) => {
      const thread = await chatApi.getThread(messageId);
      let cache = upsertIndividual(get().cache, thread.parent);
      cache = upsertMessages(cache, [thread.parent, ...thread.replies], keep());
      set({ cache, seq: highestSeq([thread.parent, ...thread.replies], get().seq) });
      return thread;
    },

    insertLocalEcho: (echo) => {
      const { conversationId } = echo;
      // The echo goes in even before the conversation's first page, so it is never lost.
      let cache = get().cache;
      if (!echo.parentMessageId && !cache.conversations[conversationId]) {
        cache = {
          ...cache,
          conversations: {
            ...cache.conversations,
            [conversationId]: newConversationCache(cache.clock, { hasMore: true }),
          },
        };
      }
      setCache(upsertMessages(cache, [echo], keep()));
      // Sending from back in history goes to the newest end, where the message will be (as in Slack).
      if (!echo.parentMessageId && cache.conversations[conversationId]?.hasNewer) {
        get()
          .loadMessages(conversationId)
          .catch(() => toast.error('Could not load the newest messages.'));
      }
    },

    removeLocalEcho: (clientMessageId) =>
      setCache(removeMessage(get().cache, localMessageId(clientMessageId))),

    likeMessage: async (messageId) => {
      const userId = currentUserId();
      const message = findMessage(get().cache, messageId);
      // R-MSG-3: liking an already liked message is ignored silently.
      if (!userId || !message || message.likedBy.includes(userId)) return;
      const before = patch(messageId, (m) => ({ ...m, likedBy: [...m.likedBy, userId] }));
      try {
        const updated = await chatApi.like(messageId);
        if (updated?.id) applyServerMessages([updated]);
      } catch (error) {
        // A 400 saying 'already liked' means the server agrees; keep the like.
        if (isStatus(error, 400) && errorText(error, '').toLowerCase().includes(TEXTS.alreadyLiked)) return;
        if (before) patch(messageId, () => before);
        toast.error(errorText(error, 'Could not like the message.'));
      }
    },

    unlikeMessage: async (messageId) => {
      const userId = currentUserId();
      const message = findMessage(get().cache, messageId);
      if (!userId || !message || !message.likedBy.includes(userId)) return;
      const before = patch(messageId, (m) => ({ ...m, likedBy: m.likedBy.filter((id) => id !== userId) }));
      try {
        const updated = await chatApi.unlike(messageId);
        if (updated?.id) applyServerMessages([updated]);
      } catch (error) {
        // 400 or 404 on unlike means it is already unliked.
        if (isStatus(error, 400, 404)) return;
        if (before) patch(messageId, () => before);
        toast.error(errorText(error, 'Could not remove the like.'));
      }
    },

    reactToMessage: async (messageId, emoji, add) => {
      const userId = currentUserId();
      const message = findMessage(get().cache, messageId);
      if (!userId || !message) return;
      const before = patch(messageId, (m) => ({
        ...m,
        reactions: toggledReactions(m.reactions ?? [], emoji, userId, add),
      }));
      try {
        const updated = await chatApi.react(messageId, emoji, add);
        if (updated?.id) applyServerMessages([updated]);
      } catch (error) {
        if (before) patch(messageId, () => before);
        toast.error(errorText(error, 'Could not change the reaction.'));
      }
    },

    editMessage: async (messageId, content) => {
      const before = patch(messageId, (m) => ({ ...m, content }));
      try {
        const updated = await chatApi.editMessage(messageId, content);
        if (updated?.id) applyServerMessages([updated]);
        return true;
      } catch (error) {
        if (before) patch(messageId, () => before);
        toast.error(errorText(error, 'Could not edit the message.'));
        return false;
      }
    },

    deleteMessage: async (messageId) => {
      const before = findMessage(get().cache, messageId);
      if (before) setCache(removeMessage(get().cache, messageId));
      try {
        const tombstone = await chatApi.deleteMessage(messageId);
        if (tombstone?.id) applyServerMessages([tombstone]);
        return true;
      } catch (error) {
        if (before) setCache(upsertMessages(upsertIndividualIfReply(get().cache, before), [before], keep()));
        toast.error(errorText(error, 'Could not delete the message.'));
        return false;
      }
    },

    flagMessage: async (messageId, report = {}) => {
      const message = findMessage(get().cache, messageId);
      if (!message) return false;
      try {
        const updated = await chatApi.flagMessage(message.conversationId, messageId, report);
        if (updated?.id) applyServerMessages([updated]);
        toast.success(TEXTS.reportSent);
        return true;
      } catch (error) {
        toast.error(errorText(error, 'Could not report the message.'));
        return false;
      }
    },

    withdrawReport: async (messageId) => {
      const message = findMessage(get().cache, messageId);
      if (!message) return false;
      try {
        const updated = await chatApi.withdrawFlag(message.conversationId, messageId);
        if (updated?.id) applyServerMessages([updated]);
        toast.success(TEXTS.reportWithdrawn);
        return true;
      } catch (error) {
        toast.error(errorText(error, 'Could not withdraw the report.'));
        return false;
      }
    },

    applyServerMessages,

    dropConversation: (conversationId) => setCache(dropConversation(get().cache, conversationId)),

    touchConversation: (conversationId) => setCache(touch(get().cache, conversationId)),

    cleanup: (level) => setCache(cleanupCache(get().cache, level, keep())),

    runFullCleanup: () => {
      const level = usageLevel(get().cache);
      if (level) get().cleanup(level);
    },

    count: () => cacheSize(get().cache),

    reset: () => set(initialState()),
  };
});

/** Deleting restores a reply into the individual cache, a top-level message into its conversation. */
function upsertIndividualIfReply(cache: CacheState, message: Message): CacheState {
  return message.parentMessageId ? upsertIndividual(cache, message) : cache;
}

/**
 * The message cache as the memory monitor sees it (R-MEM-4): the monitor's 30 s pressure check
 * cleans at high or critical pressure; its 300 s full cleanup passes the current level, and below
 * high this cache still cleans when its own usage crosses 0.8 or 0.95 of a limit.
 */
export const messageCacheRegistration: CacheRegistration = {
  name: 'messages',
  count: () => useMessagesStore.getState().count(),
  cleanup: (level) => {
    const store = useMessagesStore.getState();
    if (needsCleanup(level)) store.cleanup(level === 'critical' ? 'critical' : 'high');
    else store.runFullCleanup();
  },
};
