/**
 * Message search. R-SEARCH-1: an empty or whitespace-only
 * query clears the results and makes no call. R-SEARCH-2: a failed search clears the results.
 */
import { create } from 'zustand';
import { SEARCH_TEXTS, type Message, type SearchHit } from '@stoop/shared';
import { isApiError } from '../services/http/client.ts';
import { chatApi } from '../services/api/chat-api.ts';
import { toast } from '../services/ui/toast.ts';

export interface SearchState {
  query: string;
  results: Message[];
  /** `hits[i]` names and highlights `results[i]`. */
  hits: SearchHit[];
  total: number;
  /** The count stopped at its cap; show "10,000+". */
  totalIsLowerBound: boolean;
  loading: boolean;
  /** The query the current results answer (null before the first search). */
  searched: string | null;
  search: (query: string) => Promise<void>;
  clear: () => void;
}

const cleared = {
  results: [] as Message[],
  hits: [] as SearchHit[],
  total: 0,
  totalIsLowerBound: false,
  searched: null,
  loading: false,
};

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
      const { messages, hits, total, totalIsLowerBound } = await chatApi.search(q);
      if (ticket === latest) set({ results: messages, hits, total, totalIsLowerBound, searched: q });
    } catch (error) {
      if (ticket !== latest) return;
      set(cleared);
      toast.error(isApiError(error) ? error.message : SEARCH_TEXTS.failed);
    } finally {
      if (ticket === latest) set({ loading: false });
    }
  },

  clear: () => {
    latest += 1;
    set({ query: '', ...cleared });
  },
}));
