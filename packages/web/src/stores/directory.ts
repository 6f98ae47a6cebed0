/**
 * The resident directory screen's state: the filters, the residents found so far and
 * how the last search went. A new search aborts the one still running, so a slow answer to old
 * filters never replaces the answer to the new ones.
 */
import { create } from 'zustand';
import type { PublicUser } from '@stoop/shared';
import {
  emptyDirectoryFilters,
  searchDirectory,
  type DirectoryFilters,
} from '../services/api/directory-api.ts';
import { logger } from '../services/logger/logger.ts';
import { toast } from '../services/ui/toast.ts';

/** The screens' filters come with the store that searches by them. */
export { emptyDirectoryFilters, type DirectoryFilters };

/** Residents per page; a full page means there may be more. */
const DIRECTORY_PAGE_SIZE = 24;

type Status = 'idle' | 'loading' | 'ready' | 'error';

interface DirectoryState {
  filters: DirectoryFilters;
  residents: PublicUser[];
  status: Status;
  loadingMore: boolean;
  hasMore: boolean;
  setFilters: (filters: DirectoryFilters) => void;
  /** Searches afresh with the current filters. */
  search: () => Promise<void>;
  loadMore: () => Promise<void>;
  reset: () => void;
}

let running: AbortController | null = null;

export const useDirectoryStore = create<DirectoryState>()((set, get) => ({
  filters: emptyDirectoryFilters(),
  residents: [],
  status: 'idle',
  loadingMore: false,
  hasMore: false,

  setFilters: (filters) => set({ filters }),

  search: async () => {
    running?.abort();
    const controller = new AbortController();
    running = controller;
    set({ status: 'loading', loadingMore: false });
    try {
      const residents = await searchDirectory(
        get().filters,
        { limit: DIRECTORY_PAGE_SIZE, offset: 0 },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      set({ residents, status: 'ready', hasMore: residents.length === DIRECTORY_PAGE_SIZE });
    } catch (error) {
      if (controller.signal.aborted) return;
      logger.error('Failed to search the resident directory', error);
      set({ status: 'error' });
    }
  },

  loadMore: async () => {
    const { residents, loadingMore, hasMore, filters } = get();
    if (loadingMore || !hasMore) return;
    const controller = running ?? new AbortController();
    set({ loadingMore: true });
    try {
      const next = await searchDirectory(filters, { limit: DIRECTORY_PAGE_SIZE, offset: residents.length });
      if (controller.signal.aborted) return;
      const known = new Set(residents.map((r) => r.id));
      set({
        residents: [...residents, ...next.filter((r) => !known.has(r.id))],
        hasMore: next.length === DIRECTORY_PAGE_SIZE,
      });
    } catch (error) {
      logger.error('Failed to load more residents', error);
      toast.error('More residents could not be loaded. Please try again.');
    } finally {
      set({ loadingMore: false });
    }
  },

  reset: () => {
    running?.abort();
    running = null;
    set({
      filters: emptyDirectoryFilters(),
      residents: [],
      status: 'idle',
      loadingMore: false,
      hasMore: false,
    });
  },
}));
