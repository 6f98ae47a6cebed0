/**
 * Message search (R-USER-12). R-SEARCH-1: an empty or whitespace-only
 * query clears the results and makes no call. R-SEARCH-2: a failed search clears the results.
 */
import { create } from 'zustand';
import type { Message } from '@stoop/shared';
import { isApiError } from '../services/api.ts';
import { chatApi } from '../services/chat-api.ts';
import { toast } from '../services/ui/toast.ts';

export interface SearchState {
  query: string;
  results: Message[];
  total: number;
  loading: boolean;
  /** The query the current results answer (null before the first search). */
  searched: string | null;
  search: (query: string) => Promise<void>;
  clear: () => void;
}

const cleared = { results: [] as Message[], total: 0, searched: null, loading: false };

// Answers to an older query must not overwrite a newer one.
let latest = 0;

export const useSearchStore = create<SearchState>()((set) => ({
  query: '',
  ...cleared,

  search: async (query) => {
    const ticket = ++latest;
    set({ query });
    const q = query.trim();
    if (!q) {
      set(cleared);
      return;
    }
    set({ loading: true });
    try {
      const { messages, total } = await chatApi.search(q);
      if (ticket === latest) set({ results: messages, total, searched: q });
    } catch (error) {
      if (ticket !== latest) return;
      set(cleared);
      toast.error(isApiError(error) ? error.message : 'Search failed. Please try again.');
    } finally {
      if (ticket === latest) set({ loading: false });
    }
  },

  clear: () => {
    latest += 1;
    set({ query: '', ...cleared });
  },
}));
