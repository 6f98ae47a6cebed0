/**
 * R-RECEIPT: how far the other participants of the conversations opened here have read, loaded on
 * opening one and kept current by `conversation:read` and `conversation:read-withdrawn`; read again
 * after the page's first connection and every reconnect, and when the resident's own setting
 * changes (R-RECEIPT-8).
 */
import { create } from 'zustand';
import { chatApi } from '../services/api/chat-api.ts';
import { logger } from '../services/logger/logger.ts';
import { registerReconnectRefresh } from '../services/session/reconnect-refresh.ts';
import { registerSessionCleanup } from '../services/session/session-cleanup.ts';

interface ConversationReadState {
  /** False when the reader does not share receipts, or the conversation is too large for them. */
  enabled: boolean;
  /** The other participants' read positions (created seqs) by user id. */
  positions: Record<string, number>;
}

interface ReadReceiptsState {
  byConversation: Record<string, ConversationReadState>;
  load: (conversationId: string) => Promise<void>;
  applyRead: (conversationId: string, userId: string, lastReadSeq: number) => void;
  /** Another participant turned sharing off: their position is no longer shown. */
  withdrawRead: (conversationId: string, userId: string) => void;
  /** The resident's own setting changed (here or on another device). */
  sharingChanged: (share: boolean) => Promise<void>;
  reset: () => void;
}

/**
 * Reads that came live while a load of their conversation was on its way, by conversation. The
 * server may have answered before they happened, so the answer alone would lose them: a first
 * load (nothing kept for the conversation yet) would drop them, and the other's "Seen" would
 * wait for the next reload.
 */
const arrivedWhileLoading = new Map<string, { reads: Record<string, number>; loads: number }>();

export const useReadReceiptsStore = create<ReadReceiptsState>()((set, get) => ({
  byConversation: {},

  load: async (conversationId) => {
    const arrived = arrivedWhileLoading.get(conversationId) ?? { reads: {}, loads: 0 };
    arrived.loads += 1;
    arrivedWhileLoading.set(conversationId, arrived);
    try {
      const answer = await chatApi.conversationReads(conversationId);
      const positions = Object.fromEntries(answer.reads.map((r) => [r.userId, r.lastReadSeq]));
      // A read that came live while the answer was on its way is not undone by it.
      for (const [userId, seq] of Object.entries(arrived.reads))
        positions[userId] = Math.max(seq, positions[userId] ?? -1);
      set({
        byConversation: {
          ...get().byConversation,
          [conversationId]: { enabled: answer.enabled, positions },
        },
      });
    } catch (error) {
      // Receipts are a nicety: without them the conversation works as before.
      logger.warn('Read receipts could not be loaded', { conversationId, error: String(error) });
    } finally {
      arrived.loads -= 1;
      if (arrived.loads === 0 && arrivedWhileLoading.get(conversationId) === arrived)
        arrivedWhileLoading.delete(conversationId);
    }
  },

  applyRead: (conversationId, userId, lastReadSeq) => {
    const arrived = arrivedWhileLoading.get(conversationId);
    if (arrived) arrived.reads[userId] = Math.max(lastReadSeq, arrived.reads[userId] ?? -1);
    const current = get().byConversation[conversationId];
    // Not loaded here (or turned off): the next load brings it.
    if (!current?.enabled || (current.positions[userId] ?? -1) >= lastReadSeq) return;
    set({
      byConversation: {
        ...get().byConversation,
        [conversationId]: { ...current, positions: { ...current.positions, [userId]: lastReadSeq } },
      },
    });
  },

  withdrawRead: (conversationId, userId) => {
    delete arrivedWhileLoading.get(conversationId)?.reads[userId];
    const current = get().byConversation[conversationId];
    if (!current || !(userId in current.positions)) return;
    const { [userId]: _withdrawn, ...positions } = current.positions;
    set({ byConversation: { ...get().byConversation, [conversationId]: { ...current, positions } } });
  },

  sharingChanged: async (share) => {
    const loaded = Object.keys(get().byConversation);
    if (!share) {
      // As in WhatsApp, one who does not share sees nobody's: nothing to ask the server.
      const off = Object.fromEntries(loaded.map((id) => [id, { enabled: false, positions: {} }]));
      set({ byConversation: off });
      return;
    }
    // What was loaded so far was answered under the old setting: asked for again.
    set({ byConversation: {} });
    await Promise.all(loaded.map((id) => get().load(id)));
  },

  reset: () => {
    arrivedWhileLoading.clear();
    set({ byConversation: {} });
  },
}));

registerSessionCleanup(() => useReadReceiptsStore.getState().reset());
// A read that happened before this page's socket joined its rooms came to no one here: the first
// connection reads again what was loaded before it, as a reconnect does.
registerReconnectRefresh(
  () =>
    Promise.all(
      // Those loaded, and those whose first load is still on its way (its answer may be older).
      [
        ...new Set([
          ...Object.keys(useReadReceiptsStore.getState().byConversation),
          ...arrivedWhileLoading.keys(),
        ]),
      ].map((id) => useReadReceiptsStore.getState().load(id)),
    ).then(() => undefined),
  { onFirstConnect: true },
);
