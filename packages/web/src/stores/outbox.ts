/**
 * Messages on their way out (R-CONV-2, R-ERR-0): the optimistic sends with their local echoes,
 * uploads with progress, cancels that give the draft back to its composer, and retries. The
 * echoes themselves live in the message cache (stores/messages.ts); this store owns the sends.
 */
import { create } from 'zustand';
import type { Message } from '@stoop/shared';
import { TEXTS } from '@stoop/shared/texts';
import { CLIENT_ERROR_CODES, isApiError } from '../services/api.ts';
import { chatApi } from '../services/chat-api.ts';
import { logger } from '../services/logger.ts';
import { localMessageId } from '../services/chat/message-cache.ts';
import { toast } from '../services/ui/toast.ts';
import { useAuthStore } from './auth.ts';
import { linkOutbox, useMessagesStore } from './messages.ts';

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
  reset: () => void;
}

const isNetworkError = (error: unknown) => isApiError(error) && error.code === CLIENT_ERROR_CODES.network;
const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
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
    metadata: { userFlaggedBy: [], adminFlaggedBy: [], mentionedUsers: [], adminHidden: false },
    clientMessageId: send.clientMessageId,
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

export const useOutboxStore = create<OutboxState>()((set, get) => {
  /** Uploads on the wire, by clientMessageId; only these can be cancelled. */
  const uploads = new Map<string, AbortController>();
  /**
   * Cancelled sends, by clientMessageId, with the draft the cancel gave back. A cancel can cross
   * the server's commit (the last bytes were on their way); the server copy then still arrives.
   */
  const cancelled = new Map<string, { key: string; draft: RestoredDraft }>();

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
      for (const m of arrived) if (m.clientMessageId !== null) sentDespiteCancel(m.clientMessageId);
    },
  });

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
        messages().applyServerMessages([message]);
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

    sendMessage: async (conversationId, input) => {
      const userId = useAuthStore.getState().user?.id ?? null;
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
      messages().insertLocalEcho(localEcho(send, userId));
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
      set({ sends: withoutSend(clientMessageId) });
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

    reset: () => {
      // Logout drops every pending send; their uploads must not go on in the background.
      for (const upload of uploads.values()) upload.abort();
      uploads.clear();
      cancelled.clear();
      set(initialState());
    },
  };
});
