/**
 * Messages of every cached conversation and thread (SPEC 3 "messages map and cache", SPEC 4,
 * SPEC 8, SPEC 9). The rules live in services/message-cache.ts; this store wires them to the
 * calls, the optimistic sender and the user-visible errors.
 */
import { create } from 'zustand';
import type { Message } from '@stoop/shared';
import { TEXTS } from '@stoop/shared/texts';
import { CLIENT_ERROR_CODES, isApiError } from '../services/api.ts';
import { chatApi, type MessagesPage, type PageCursor, type Thread } from '../services/chat-api.ts';
import { logger } from '../services/logger.ts';
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
import { useAuthStore } from './auth.ts';
import { useConversationsStore } from './conversations.ts';

type SendStatus = 'pending' | 'failed';

/** A message on its way to the server; its local echo has id localMessageId(clientMessageId). */
export interface OutgoingMessage {
  clientMessageId: string;
  conversationId: string;
  content: string;
  parentMessageId: string | null;
  file: File | null;
  status: SendStatus;
  /** Upload progress 0..1 for sends with a file; null without one. */
  progress: number | null;
}

/** What a cancelled upload gives back to the composer it came from, so the resident can try again. */
export interface RestoredDraft {
  content: string;
  file: File | null;
}

/** Which composer a draft belongs to: the conversation's own, or one thread's reply box. */
export const draftKey = (conversationId: string, parentMessageId: string | null) =>
  parentMessageId ? `${conversationId}/thread/${parentMessageId}` : conversationId;

/**
 * An upload can be stopped while its bytes are still going out. Once all are sent the server may
 * already be storing the message, and aborting would only hide a message that still arrives.
 */
export const isCancellableUpload = (send: OutgoingMessage): boolean =>
  send.status === 'pending' && send.progress !== null && send.progress < 1;

interface SendInput {
  content: string;
  parentMessageId?: string | null;
  file?: File | null;
}

export interface MessagesState {
  cache: CacheState;
  sends: Record<string, OutgoingMessage>;
  /** Conversations with a page request in flight. */
  loading: Record<string, boolean>;
  /** Highest change-feed position seen; the socket syncs from here after a reconnect. */
  seq: number;
  /** Drafts of cancelled uploads, by draftKey, waiting for their composer to take them back. */
  restoredDrafts: Record<string, RestoredDraft>;

  /** The newest page; it replaces a window that was back in history (also "Jump to newest"). */
  loadMessages: (conversationId: string) => Promise<void>;
  loadOlder: (conversationId: string) => Promise<void>;
  /** The next page towards the newest end, while the window is back in history (hasNewer). */
  loadNewer: (conversationId: string) => Promise<void>;
  /** The window around one message (a jump to it), in one call; a 404 means it is not there. */
  loadAround: (conversationId: string, messageId: string) => Promise<MessagesPage>;
  loadThread: (messageId: string) => Promise<Thread>;
  sendMessage: (input: SendInput) => Promise<Message | null>;
  retrySend: (clientMessageId: string) => Promise<Message | null>;
  discardSend: (clientMessageId: string) => void;
  /**
   * Stops an upload in progress: the request is aborted, the pending message leaves the list and
   * its text and file go back to the composer (restoredDrafts). No error is shown: the resident
   * asked for it.
   */
  cancelSend: (clientMessageId: string) => void;
  /** Hands a restored draft to its composer once; null when there is none. */
  takeRestoredDraft: (key: string) => RestoredDraft | null;
  likeMessage: (messageId: string) => Promise<void>;
  unlikeMessage: (messageId: string) => Promise<void>;
  editMessage: (messageId: string, content: string) => Promise<boolean>;
  deleteMessage: (messageId: string) => Promise<boolean>;
  flagMessage: (messageId: string) => Promise<boolean>;
  /** Socket events and sync changes: merge by id, tombstones removed. */
  applyServerMessages: (messages: readonly Message[]) => void;
  dropConversation: (conversationId: string) => void;
  touchConversation: (conversationId: string) => void;
  cleanup: (level: CleanupLevel) => void;
  /** The periodic full cleanup (SPEC 9): cleans at the level current usage calls for. */
  runFullCleanup: () => void;
  count: () => number;
  reset: () => void;
}

const currentUserId = () => useAuthStore.getState().user?.id ?? null;
const activeConversationId = () => useConversationsStore.getState().activeConversationId;

const isStatus = (error: unknown, ...statuses: number[]) =>
  isApiError(error) && statuses.includes(error.status);
const isNetworkError = (error: unknown) => isApiError(error) && error.code === CLIENT_ERROR_CODES.network;
const errorText = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

function localEcho(send: OutgoingMessage, userId: string): Message {
  const now = new Date().toISOString();
  return {
    id: localMessageId(send.clientMessageId),
    userId,
    conversationId: send.conversationId,
    parentMessageId: send.parentMessageId,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
    content: send.content,
    likedBy: [],
    replies: [],
    fileUrl: null,
    fileName: send.file?.name ?? null,
    fileType: send.file?.type ?? null,
    fileSize: send.file?.size ?? null,
    thumbnailUrl: null,
    metadata: { userFlaggedBy: [], adminFlaggedBy: [], mentionedUsers: [] },
    clientMessageId: send.clientMessageId,
    seq: 0,
  };
}

const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** Said when a cancelled upload had reached the server after all. */
export const SENT_DESPITE_CANCEL = 'Your message was sent: the upload finished before it could be cancelled.';

/** Two cancelled drafts for one composer are kept together rather than one replacing the other. */
function mergeDrafts(earlier: RestoredDraft | undefined, later: RestoredDraft): RestoredDraft {
  if (!earlier) return later;
  return {
    content: [earlier.content, later.content].filter(Boolean).join('\n'),
    file: earlier.file ?? later.file,
  };
}

const initialState = () => ({ cache: emptyCache(), sends: {}, loading: {}, seq: 0, restoredDrafts: {} });

export const useMessagesStore = create<MessagesState>()((set, get) => {
  /** Uploads on the wire, by clientMessageId; only these can be cancelled. */
  const uploads = new Map<string, AbortController>();
  /**
   * Cancelled sends, by clientMessageId, with the draft the cancel gave back. A cancel can cross
   * the server's commit (the last bytes were on their way); the server copy then still arrives.
   */
  const cancelled = new Map<string, { key: string; draft: RestoredDraft }>();

  /** What eviction must keep: the open conversation and every unsent local echo. */
  const keep = (): Keep => ({
    conversationId: activeConversationId(),
    messageIds: new Set(Object.keys(get().sends).map(localMessageId)),
  });

  const setCache = (cache: CacheState) => set({ cache });

  /**
   * Fetches one page into the cache with the conversation's loading flag up meanwhile. SPEC 8: a
   * 404 (not found or no access) empties that conversation's cache, and the error goes on.
   */
  const fetchPage = async (
    conversationId: string,
    mode: PageMode,
    cursor?: PageCursor,
  ): Promise<MessagesPage> => {
    set({ loading: { ...get().loading, [conversationId]: true } });
    try {
      const page = await chatApi.fetchMessages(conversationId, cursor);
      set({
        cache: applyPage(get().cache, conversationId, page, mode, keep()),
        seq: highestSeq(page.messages, get().seq),
      });
      return page;
    } catch (error) {
      // An around page's 404 is about its message (a jump target), not the conversation.
      if (isStatus(error, 404) && mode !== 'around') setCache(emptyConversation(get().cache, conversationId));
      throw error;
    } finally {
      set({ loading: { ...get().loading, [conversationId]: false } });
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
    const sends = { ...get().sends };
    for (const m of messages) if (m.clientMessageId !== null) delete sends[m.clientMessageId];
    set({ sends });
    for (const m of messages) if (m.clientMessageId !== null) sentDespiteCancel(m.clientMessageId);
    const merged = upsertMessages(get().cache, messages, keep());
    set({ cache: linkReplies(merged, messages), seq: highestSeq(messages, get().seq) });
  };

  /**
   * The server stored a message whose upload the resident cancelled: it is sent, everyone sees it,
   * so its draft must not come back (or, if the composer already took it, the resident is told).
   */
  const sentDespiteCancel = (clientMessageId: string) => {
    const lost = cancelled.get(clientMessageId);
    if (!lost) return;
    cancelled.delete(clientMessageId);
    const restoredDrafts = { ...get().restoredDrafts };
    // Only this cancel's own draft: one merged with a later cancel, or taken, stays as it is.
    if (restoredDrafts[lost.key] === lost.draft) {
      delete restoredDrafts[lost.key];
      set({ restoredDrafts });
    }
    toast.info(SENT_DESPITE_CANCEL);
  };

  const updateSend = (clientMessageId: string, change: Partial<OutgoingMessage>) => {
    const current = get().sends[clientMessageId];
    if (current) set({ sends: { ...get().sends, [clientMessageId]: { ...current, ...change } } });
  };

  /** One send attempt plus one automatic retry on a network error; then the echo is marked failed. */
  const deliver = async (clientMessageId: string): Promise<Message | null> => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const send = get().sends[clientMessageId];
      if (!send) return null;
      const upload = send.file ? new AbortController() : null;
      if (upload) uploads.set(clientMessageId, upload);
      try {
        const message = await chatApi.sendMessage(
          send.conversationId,
          { content: send.content, clientMessageId, parentMessageId: send.parentMessageId, file: send.file },
          {
            onProgress: (fraction) => updateSend(clientMessageId, { progress: fraction }),
            ...(upload ? { signal: upload.signal } : {}),
          },
        );
        applyServerMessages([message]);
        return message;
      } catch (error) {
        // Gone from sends: the socket delivered the server copy first, or the resident cancelled.
        if (!get().sends[clientMessageId] || isAbortError(error)) return null;
        if (isNetworkError(error) && attempt === 0) continue;
        updateSend(clientMessageId, { status: 'failed', progress: null });
        logger.warn('Message send failed', { clientMessageId, status: isApiError(error) ? error.status : 0 });
        toast.error(errorText(error, 'Your message could not be sent.'));
        return null;
      } finally {
        if (upload && uploads.get(clientMessageId) === upload) uploads.delete(clientMessageId);
      }
    }
    return null;
  };

  return {
    ...initialState(),

    loadMessages: async (conversationId) => {
      const page = await fetchPage(conversationId, 'initial');
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

    loadAround: (conversationId, messageId) => fetchPage(conversationId, 'around', { around: messageId }),

    loadThread: async (messageId) => {
      const thread = await chatApi.getThread(messageId);
      let cache = upsertIndividual(get().cache, thread.parent);
      cache = upsertMessages(cache, [thread.parent, ...thread.replies], keep());
      set({ cache, seq: highestSeq([thread.parent, ...thread.replies], get().seq) });
      return thread;
    },

    sendMessage: async (input) => {
      const conversationId = activeConversationId();
      const userId = currentUserId();
      if (!conversationId || !userId) {
        toast.error(TEXTS.noActiveConversation);
        throw new Error(TEXTS.noActiveConversation);
      }
      const send: OutgoingMessage = {
        clientMessageId: crypto.randomUUID(),
        conversationId,
        content: input.content,
        parentMessageId: input.parentMessageId ?? null,
        file: input.file ?? null,
        status: 'pending',
        progress: input.file ? 0 : null,
      };
      set({ sends: { ...get().sends, [send.clientMessageId]: send } });
      const echo = localEcho(send, userId);
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
      return deliver(send.clientMessageId);
    },

    retrySend: async (clientMessageId) => {
      // The same clientMessageId: the server returns the first copy if one got through.
      updateSend(clientMessageId, {
        status: 'pending',
        progress: get().sends[clientMessageId]?.file ? 0 : null,
      });
      return deliver(clientMessageId);
    },

    discardSend: (clientMessageId) => {
      const sends = { ...get().sends };
      delete sends[clientMessageId];
      set({ sends, cache: removeMessage(get().cache, localMessageId(clientMessageId)) });
    },

    cancelSend: (clientMessageId) => {
      const send = get().sends[clientMessageId];
      const upload = uploads.get(clientMessageId);
      if (!send || !upload || !isCancellableUpload(send)) return;
      uploads.delete(clientMessageId);
      const key = draftKey(send.conversationId, send.parentMessageId);
      const draft = mergeDrafts(get().restoredDrafts[key], { content: send.content, file: send.file });
      const sends = { ...get().sends };
      delete sends[clientMessageId];
      // The send leaves the state before the abort, so the failing request reads as cancelled.
      set({
        sends,
        cache: removeMessage(get().cache, localMessageId(clientMessageId)),
        restoredDrafts: { ...get().restoredDrafts, [key]: draft },
      });
      cancelled.set(clientMessageId, { key, draft });
      upload.abort();
    },

    takeRestoredDraft: (key) => {
      const draft = get().restoredDrafts[key];
      if (!draft) return null;
      const restoredDrafts = { ...get().restoredDrafts };
      delete restoredDrafts[key];
      set({ restoredDrafts });
      return draft;
    },

    likeMessage: async (messageId) => {
      const userId = currentUserId();
      const message = findMessage(get().cache, messageId);
      // SPEC 5: liking an already liked message is ignored silently.
      if (!userId || !message || message.likedBy.includes(userId)) return;
      const before = patch(messageId, (m) => ({ ...m, likedBy: [...m.likedBy, userId] }));
      try {
        const updated = await chatApi.like(messageId);
        if (updated?.id) applyServerMessages([updated]);
      } catch (error) {
        // SPEC 8: a 400 saying 'already liked' means the server agrees; keep the like.
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
        // SPEC 8: 400 or 404 on unlike means it is already unliked.
        if (isStatus(error, 400, 404)) return;
        if (before) patch(messageId, () => before);
        toast.error(errorText(error, 'Could not remove the like.'));
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

    flagMessage: async (messageId) => {
      const message = findMessage(get().cache, messageId);
      if (!message) return false;
      try {
        await chatApi.flagMessage(message.conversationId, messageId);
        toast.success('Thanks, the message was reported to the admins.');
        return true;
      } catch (error) {
        toast.error(errorText(error, 'Could not report the message.'));
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

    reset: () => {
      // Logout drops every pending send; their uploads must not go on in the background.
      for (const upload of uploads.values()) upload.abort();
      uploads.clear();
      cancelled.clear();
      set(initialState());
    },
  };
});

/** Deleting restores a reply into the individual cache, a top-level message into its conversation. */
function upsertIndividualIfReply(cache: CacheState, message: Message): CacheState {
  return message.parentMessageId ? upsertIndividual(cache, message) : cache;
}

/**
 * The message cache as the memory monitor sees it (SPEC 4, 9): the monitor's 30 s pressure check
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
