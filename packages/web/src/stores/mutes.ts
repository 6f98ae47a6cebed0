/**
 * Which conversations the signed-in resident muted (R-NOTIF-3): loaded once by the chat screens,
 * changed from the conversation header, shown in the sidebar.
 */
import { create } from 'zustand';
import { logger } from '../services/logger/logger.ts';
import { newsApi } from '../services/api/news-api.ts';
import { registerSessionCleanup } from '../services/session/session-cleanup.ts';
import { toast } from '../services/ui/toast.ts';

/** Said when a mute or unmute did not reach the server; the control goes back to what it was. */
export const MUTE_FAILED = 'The conversation could not be muted or unmuted.';

export interface MutesState {
  muted: ReadonlySet<string>;
  loaded: boolean;
  load: () => Promise<void>;
  /** Optimistic: the control changes at once and rolls back, with a toast, if the call fails. */
  setMuted: (conversationId: string, muted: boolean) => Promise<void>;
  reset: () => void;
}

const initial = () => ({ muted: new Set<string>() as ReadonlySet<string>, loaded: false });
let loading: Promise<void> | null = null;

const withMute = (set: ReadonlySet<string>, id: string, muted: boolean): ReadonlySet<string> => {
  const next = new Set(set);
  if (muted) next.add(id);
  else next.delete(id);
  return next;
};

export const useMutesStore = create<MutesState>()((set, get) => ({
  ...initial(),

  load: () => {
    loading ??= newsApi
      .mutedConversations()
      .then((ids) => set({ muted: new Set(ids), loaded: true }))
      .catch((error: unknown) =>
        logger.warn('Muted conversations could not be loaded', { error: String(error) }),
      )
      .finally(() => {
        loading = null;
      });
    return loading;
  },

  setMuted: async (conversationId, muted) => {
    const before = get().muted.has(conversationId);
    if (before === muted) return;
    set({ muted: withMute(get().muted, conversationId, muted) });
    try {
      const confirmed = await newsApi.muteConversation(conversationId, muted);
      set({ muted: withMute(get().muted, conversationId, confirmed) });
    } catch (error) {
      set({ muted: withMute(get().muted, conversationId, before) });
      toast.error(MUTE_FAILED);
      logger.warn('Mute could not be changed', { error: String(error) });
    }
  },

  reset: () => set(initial()),
}));

registerSessionCleanup(() => useMutesStore.getState().reset());
