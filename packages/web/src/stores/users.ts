/**
 * The resident directory: public profiles from GET /api/users, used to name
 * message authors, pick someone for a direct chat and complete @mentions. R-ROLE-4, R-GUARD-10, R-ACCESS-4: a locked user
 * fetches nothing, so callers load it only from the unlocked dashboard.
 */
import { create } from 'zustand';
import type { PublicUser } from '@stoop/shared';
import { chatApi } from '../services/api/chat-api.ts';
import { logger } from '../services/logger/logger.ts';
import { registerReconnectRefresh } from '../services/session/reconnect-refresh.ts';

export interface UsersState {
  byId: Record<string, PublicUser>;
  loaded: boolean;
  loading: boolean;
  loadUsers: (force?: boolean) => Promise<void>;
  upsertUser: (user: PublicUser) => void;
  reset: () => void;
}

export const useUsersStore = create<UsersState>()((set, get) => ({
  byId: {},
  loaded: false,
  loading: false,

  loadUsers: async (force = false) => {
    if (get().loading || (get().loaded && !force)) return;
    set({ loading: true });
    try {
      const users = await chatApi.listUsers();
      set({ byId: Object.fromEntries(users.map((u) => [u.id, u])), loaded: true });
    } catch (error) {
      // Names fall back to "Someone"; the screens stay usable without the directory.
      logger.error('Failed to load the resident directory', error);
    } finally {
      set({ loading: false });
    }
  },

  upsertUser: (user) => set({ byId: { ...get().byId, [user.id]: user } }),

  reset: () => set({ byId: {}, loaded: false, loading: false }),
}));

// A directory read from the device offline (or not at all) is read again once back.
registerReconnectRefresh(() => useUsersStore.getState().loadUsers(true));
