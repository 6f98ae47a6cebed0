/**
 * Polls on screen by id: loaded by their cards, replaced by the reader's own
 * votes, and kept current by `poll:updated`, whose counts carry no reader's vote, so the one held
 * here stays.
 */
import { create } from 'zustand';
import type { Poll, PollView } from '@stoop/shared';
import { isApiError } from '../services/http/client.ts';
import { closePoll, createPoll, fetchPoll, votePoll } from '../services/api/polls-api.ts';
import { registerReconnectRefresh } from '../services/session/reconnect-refresh.ts';
import { registerSessionCleanup } from '../services/session/session-cleanup.ts';
import { toast } from '../services/ui/toast.ts';

interface PollsState {
  byId: Record<string, PollView>;
  /** Ids whose load failed (the card says so instead of spinning). */
  failed: Record<string, true>;
  /** Asks a new poll in a conversation and keeps it; a refusal is thrown for the form to show. */
  ask: (conversationId: string, body: Parameters<typeof createPoll>[1]) => Promise<PollView>;
  load: (id: string) => Promise<void>;
  vote: (id: string, optionIds: string[]) => Promise<boolean>;
  /** Ends the vote now (R-POLL-7: its asker or an admin). */
  close: (id: string) => Promise<boolean>;
  /** A poll the reader has just asked or voted on. */
  put: (poll: PollView) => void;
  /** The live counts of a poll (poll:updated). */
  applyLive: (poll: Poll) => void;
  reset: () => void;
}

const failure = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

export const usePollsStore = create<PollsState>()((set, get) => ({
  byId: {},
  failed: {},
  ask: async (conversationId, body) => {
    const poll = await createPoll(conversationId, body);
    get().put(poll);
    return poll;
  },
  load: async (id) => {
    try {
      get().put(await fetchPoll(id));
    } catch {
      set((s) => ({ failed: { ...s.failed, [id]: true } }));
    }
  },
  vote: async (id, optionIds) => {
    try {
      get().put(await votePoll(id, optionIds));
      return true;
    } catch (error) {
      toast.error(failure(error, 'Your vote could not be counted. Please try again.'));
      // A poll that closed meanwhile shows as closed.
      void get().load(id);
      return false;
    }
  },
  close: async (id) => {
    try {
      get().put(await closePoll(id));
      return true;
    } catch (error) {
      toast.error(failure(error, 'The poll could not be closed. Please try again.'));
      void get().load(id);
      return false;
    }
  },
  put: (poll) =>
    set((s) => {
      const { [poll.id]: _gone, ...failed } = s.failed;
      return { byId: { ...s.byId, [poll.id]: poll }, failed };
    }),
  applyLive: (poll) =>
    set((s) => {
      const held = s.byId[poll.id];
      // Only polls on screen are kept; another card loads its own when it appears.
      if (!held) return s;
      return { byId: { ...s.byId, [poll.id]: { ...poll, myOptionIds: held.myOptionIds } } };
    }),
  reset: () => set({ byId: {}, failed: {} }),
}));

registerSessionCleanup(() => usePollsStore.getState().reset());
// Polls on screen, and those that could not load offline, are read again once back.
registerReconnectRefresh(async () => {
  const { byId, failed, load } = usePollsStore.getState();
  await Promise.all([...new Set([...Object.keys(byId), ...Object.keys(failed)])].map((id) => load(id)));
});
