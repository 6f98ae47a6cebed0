/**
 * Messages on their way out: the optimistic sends with their local echoes,
 * uploads with progress, cancels that give the draft back to its composer, and retries. The
 * echoes themselves live in the message cache (stores/messages.ts); this store owns the sends.
 *
 * The offline outbox (R-CACHE-8, R-CACHE-9): text sends are kept in IndexedDB until the server
 * confirms them. One composed while the browser is offline waits as 'queued' and goes out, in the
 * order written and with its first clientMessageId, when the connection returns or after a reload.
 */
import { create } from 'zustand';
import type { Message } from '@stoop/shared';
import { TEXTS } from '@stoop/shared/texts';
import { OUTBOX_BUSY_RETRIES, OUTBOX_RETRY_AFTER_MAX_SECONDS } from '@stoop/shared/constants';
import { CLIENT_ERROR_CODES, DetailedApiError, getCsrfToken, isApiError } from '../services/http/client.ts';
import { chatApi } from '../services/api/chat-api.ts';
import { fetchCsrfToken } from '../services/http/csrf.ts';
import { logger } from '../services/logger/logger.ts';
import { localMessageId } from '../services/chat/message-cache.ts';
import { outboxDb, type StoredSend } from '../services/storage/outbox-db.ts';
import { toast } from '../services/ui/toast.ts';
import { useAuthStore } from './auth.ts';
import { useConnectionStore } from './connection.ts';
import { linkOutbox, useMessagesStore } from './messages.ts';

/** queued: composed offline, waiting on the device for the connection (R-CACHE-8). */
type SendStatus = 'pending' | 'queued' | 'failed';

/** Shown on a queued message's echo. */
export const OUTBOX_QUEUED_LABEL = 'Waiting for connection…';

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

export interface OutboxState {
  sends: Record<string, OutgoingMessage>;
  /** Drafts of cancelled uploads, by draftKey, waiting for their composer to take them back. */
  restoredDrafts: Record<string, RestoredDraft>;

  /**
   * Sends to the conversation given, never another: the composer passes its own. null means the
   * screen has no active conversation, which R-ERR-0 answers with 'No active conversation'.
   */
  sendMessage: (conversationId: string | null, input: SendInput) => Promise<Message | null>;
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
  /**
   * Brings back the signed-in resident's unconfirmed sends from IndexedDB (after a reload) with
   * their echoes, then sends the queued ones if online. Once per signed-in resident.
   */
  restore: () => Promise<void>;
  /** Sends the queued messages one after another, oldest first; stops while still offline. */
  flushQueue: () => Promise<void>;
  reset: () => void;
}

const isNetworkError = (error: unknown) => isApiError(error) && error.code === CLIENT_ERROR_CODES.network;
/**
 * Seconds to wait before sending again when the server said it is busy (503 or 429 with
 * Retry-After); undefined when the answer is no such refusal or asks for too long a wait.
 */
function busyWaitSeconds(error: unknown): number | undefined {
  if (!(error instanceof DetailedApiError) || (error.status !== 503 && error.status !== 429))
    return undefined;
  const seconds = error.retryAfterSeconds;
  return seconds !== undefined && seconds <= OUTBOX_RETRY_AFTER_MAX_SECONDS ? seconds : undefined;
}
/** Up to half the wait again at random, so devices refused together do not all come back together. */
const withJitter = (seconds: number) => seconds * 1000 * (1 + Math.random() / 2);
const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
const errorText = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

function localEcho(send: OutgoingMessage, userId: string, at: number): Message {
  const now = new Date(at).toISOString();
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
    metadata: { userFlaggedBy: [], adminFlaggedBy: [], mentionedUsers: [], adminHidden: false },
    clientMessageId: send.clientMessageId,
    pollId: null,
    eventId: null,
    seq: 0,
  };
}

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

const initialState = () => ({ sends: {}, restoredDrafts: {} });
const messages = () => useMessagesStore.getState();

/** Only text sends are kept on the device: a file can be large, and goes out while online only. */
const persistable = (send: Pick<OutgoingMessage, 'file'>) => send.file === null;
/** The browser's own word: navigator.onLine false means no network at all (R-CACHE-8). */
const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export const useOutboxStore = create<OutboxState>()((set, get) => {
  /** Uploads on the wire, by clientMessageId; only these can be cancelled. */
  const uploads = new Map<string, AbortController>();
  /**
   * Cancelled sends, by clientMessageId, with the draft the cancel gave back. A cancel can cross
   * the server's commit (the last bytes were on their way); the server copy then still arrives.
   */
  const cancelled = new Map<string, { key: string; draft: RestoredDraft }>();
  /** The persisted side of the text sends, by clientMessageId; also their order. */
  const stored = new Map<string, StoredSend>();
  let storedOrder = 0;
  let lastCreatedAt = 0;
  /** Whose sends were restored, so a reload restores once and another sign-in restores its own. */
  let restoredFor: string | null = null;
  let flushing: Promise<void> | null = null;
  let flushAgain = false;

  const persist = (send: OutgoingMessage, userId: string, createdAt: number) => {
    if (!persistable(send)) return;
    const row: StoredSend = {
      clientMessageId: send.clientMessageId,
      userId,
      conversationId: send.conversationId,
      content: send.content,
      parentMessageId: send.parentMessageId,
      createdAt,
      order: (storedOrder += 1),
      failed: send.status === 'failed',
    };
    stored.set(send.clientMessageId, row);
    void outboxDb.put(row);
  };

  const markStoredFailed = (clientMessageId: string, failed: boolean) => {
    const row = stored.get(clientMessageId);
    if (!row || row.failed === failed) return;
    const next = { ...row, failed };
    stored.set(clientMessageId, next);
    void outboxDb.put(next);
  };

  /** The server has it, or the resident dropped it: the device forgets it. */
  const forget = (clientMessageId: string) => {
    if (!stored.delete(clientMessageId)) return;
    void outboxDb.remove(clientMessageId);
  };

  const queuedInOrder = () =>
    Object.values(get().sends)
      .filter((send) => send.status === 'queued')
      .sort((a, b) => {
        const x = stored.get(a.clientMessageId);
        const y = stored.get(b.clientMessageId);
        return (x?.createdAt ?? 0) - (y?.createdAt ?? 0) || (x?.order ?? 0) - (y?.order ?? 0);
      })
      .map((send) => send.clientMessageId);

  const withoutSend = (clientMessageId: string) => {
    const sends = { ...get().sends };
    delete sends[clientMessageId];
    return sends;
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

  // Server copies end their sends before they merge into the cache; unsent echoes stay cached.
  linkOutbox({
    pendingMessageIds: () => Object.keys(get().sends).map(localMessageId),
    serverMessagesArrived: (arrived) => {
      const sends = { ...get().sends };
      for (const m of arrived) if (m.clientMessageId !== null) delete sends[m.clientMessageId];
      set({ sends });
      for (const m of arrived) if (m.clientMessageId !== null) forget(m.clientMessageId);
      for (const m of arrived) if (m.clientMessageId !== null) sentDespiteCancel(m.clientMessageId);
    },
  });

  const updateSend = (clientMessageId: string, change: Partial<OutgoingMessage>) => {
    const current = get().sends[clientMessageId];
    if (current) set({ sends: { ...get().sends, [clientMessageId]: { ...current, ...change } } });
  };

  /**
   * One send attempt plus one automatic retry on a network error; then the echo is marked failed.
   * A text send meeting no network (the browser offline, or a queued send still unable to reach
   * the server) is queued instead, without a toast: it goes out when the connection returns.
   * A busy server's refusal with Retry-After is waited out and sent again with the same
   * clientMessageId, up to OUTBOX_BUSY_RETRIES times, the echo staying pending meanwhile.
   */
  const deliver = async (clientMessageId: string, fromQueue = false): Promise<Message | null> => {
    let networkRetried = false;
    let busyWaits = 0;
    for (;;) {
      const send = get().sends[clientMessageId];
      if (!send) return null;
      if (persistable(send) && browserOffline()) {
        updateSend(clientMessageId, { status: 'queued' });
        return null;
      }
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
        messages().applyServerMessages([message]);
        return message;
      } catch (error) {
        // Gone from sends: the socket delivered the server copy first, or the resident cancelled.
        if (!get().sends[clientMessageId] || isAbortError(error)) return null;
        if (isNetworkError(error) && persistable(send) && (fromQueue || browserOffline())) {
          updateSend(clientMessageId, { status: 'queued' });
          return null;
        }
        const busyWait = busyWaitSeconds(error);
        if (busyWait !== undefined && busyWaits < OUTBOX_BUSY_RETRIES) {
          busyWaits += 1;
          await new Promise((resolve) => setTimeout(resolve, withJitter(busyWait)));
          continue;
        }
        if (isNetworkError(error) && !networkRetried) {
          networkRetried = true;
          continue;
        }
        updateSend(clientMessageId, { status: 'failed', progress: null });
        markStoredFailed(clientMessageId, true);
        logger.warn('Message send failed', { clientMessageId, status: isApiError(error) ? error.status : 0 });
        toast.error(errorText(error, 'Your message could not be sent.'));
        return null;
      } finally {
        if (upload && uploads.get(clientMessageId) === upload) uploads.delete(clientMessageId);
      }
    }
  };

  /** One pass over the queue, oldest first; stops at the first send that still cannot go out. */
  const flushOnce = async () => {
    // A page reloaded offline could not fetch its CSRF token at start-up.
    if (!browserOffline() && getCsrfToken() === null) await fetchCsrfToken();
    for (const clientMessageId of queuedInOrder()) {
      if (browserOffline()) return;
      updateSend(clientMessageId, { status: 'pending' });
      await deliver(clientMessageId, true);
      // Still no way through: the rest wait for the next sign of a connection.
      if (get().sends[clientMessageId]?.status === 'queued') return;
    }
  };

  return {
    ...initialState(),

    sendMessage: async (conversationId, input) => {
      const userId = useAuthStore.getState().user?.id ?? null;
      if (!conversationId || !userId) {
        toast.error(TEXTS.noActiveConversation);
        throw new Error(TEXTS.noActiveConversation);
      }
      const file = input.file ?? null;
      // Behind queued sends a new text send queues too, so the conversation keeps its order.
      const queue = file === null && (browserOffline() || queuedInOrder().length > 0);
      const send: OutgoingMessage = {
        clientMessageId: crypto.randomUUID(),
        conversationId,
        content: input.content,
        parentMessageId: input.parentMessageId ?? null,
        file,
        status: queue ? 'queued' : 'pending',
        progress: file ? 0 : null,
      };
      // Strictly increasing, so echoes written within one millisecond keep their order on screen.
      const createdAt = (lastCreatedAt = Math.max(Date.now(), lastCreatedAt + 1));
      set({ sends: { ...get().sends, [send.clientMessageId]: send } });
      persist(send, userId, createdAt);
      messages().insertLocalEcho(localEcho(send, userId, createdAt));
      if (!queue) return deliver(send.clientMessageId);
      void get().flushQueue();
      return null;
    },

    retrySend: async (clientMessageId) => {
      // The same clientMessageId: the server returns the first copy if one got through.
      updateSend(clientMessageId, {
        status: 'pending',
        progress: get().sends[clientMessageId]?.file ? 0 : null,
      });
      markStoredFailed(clientMessageId, false);
      return deliver(clientMessageId);
    },

    discardSend: (clientMessageId) => {
      set({ sends: withoutSend(clientMessageId) });
      forget(clientMessageId);
      messages().removeLocalEcho(clientMessageId);
    },

    cancelSend: (clientMessageId) => {
      const send = get().sends[clientMessageId];
      const upload = uploads.get(clientMessageId);
      if (!send || !upload || !isCancellableUpload(send)) return;
      uploads.delete(clientMessageId);
      const key = draftKey(send.conversationId, send.parentMessageId);
      const draft = mergeDrafts(get().restoredDrafts[key], { content: send.content, file: send.file });
      // The send leaves the state before the abort, so the failing request reads as cancelled.
      set({ sends: withoutSend(clientMessageId), restoredDrafts: { ...get().restoredDrafts, [key]: draft } });
      messages().removeLocalEcho(clientMessageId);
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

    restore: async () => {
      const userId = useAuthStore.getState().user?.id ?? null;
      if (!userId || restoredFor === userId) return;
      restoredFor = userId;
      const rows = await outboxDb.listFor(userId);
      // Signed out (or someone else signed in) while the store was read.
      if (useAuthStore.getState().user?.id !== userId) return;
      const sends = { ...get().sends };
      const echoes: Message[] = [];
      for (const row of rows) {
        if (sends[row.clientMessageId]) continue;
        const send: OutgoingMessage = {
          clientMessageId: row.clientMessageId,
          conversationId: row.conversationId,
          content: row.content,
          parentMessageId: row.parentMessageId,
          file: null,
          // One cut off mid-send may or may not have arrived: sending it again is safe (R-DELIVERY-1).
          status: row.failed ? 'failed' : 'queued',
          progress: null,
        };
        sends[row.clientMessageId] = send;
        stored.set(row.clientMessageId, row);
        storedOrder = Math.max(storedOrder, row.order);
        lastCreatedAt = Math.max(lastCreatedAt, row.createdAt);
        echoes.push(localEcho(send, userId, row.createdAt));
      }
      set({ sends });
      for (const echo of echoes) messages().insertLocalEcho(echo);
      await get().flushQueue();
    },

    flushQueue: () => {
      if (flushing) {
        flushAgain = true;
        return flushing;
      }
      const run = async () => {
        try {
          do {
            flushAgain = false;
            await flushOnce();
          } while (flushAgain);
        } finally {
          // In the same step as the last check: a request arriving later starts a new run.
          flushing = null;
        }
      };
      flushing = run();
      return flushing;
    },

    reset: () => {
      // Logout drops every pending send; their uploads must not go on in the background.
      for (const upload of uploads.values()) upload.abort();
      uploads.clear();
      cancelled.clear();
      // Nor do the kept ones stay on a device someone else may use next.
      for (const clientMessageId of stored.keys()) void outboxDb.remove(clientMessageId);
      if (restoredFor) void outboxDb.clearFor(restoredFor);
      stored.clear();
      restoredFor = null;
      set(initialState());
    },
  };
});

/** The connection is back: the browser says so, or the socket has reconnected. */
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => void useOutboxStore.getState().flushQueue());
}
useConnectionStore.subscribe((state, previous) => {
  if (state.state === 'connected' && previous.state !== 'connected')
    void useOutboxStore.getState().flushQueue();
});
