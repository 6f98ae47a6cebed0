/**
 * The user-approval screen (R-ADMIN-16): which tab, search and page are shown, the accounts of that
 * page, the selection for bulk approval, and the admin's account actions. Every action confirms
 * with a toast, a failure shows the server's message, and the page is reloaded after a
 * change because the account may leave the tab it was in.
 */
import { create } from 'zustand';
import { ADMIN_USERS_PAGE_SIZE } from '@stoop/shared/constants';
import type { Role, User } from '@stoop/shared';
import { adminApi, type AccountsQuery } from '../services/api/admin-api.ts';
import { isApiError } from '../services/http/client.ts';
import { registerSessionCleanup } from '../services/session/session-cleanup.ts';
import { toast } from '../services/ui/toast.ts';

export type ApprovalTab = 'pending' | 'all' | 'locked' | 'admins';

/** What each tab asks the server for. */
const TAB_QUERY: Record<ApprovalTab, Omit<AccountsQuery, 'limit' | 'offset'>> = {
  pending: { status: 'pending_approval', sort: 'signup' },
  all: {},
  locked: { status: 'admin_lock' },
  admins: { role: 'admin' },
};

type Action = 'approve' | 'reject' | 'lock' | 'unlock' | 'role';

export interface UserApprovalState {
  tab: ApprovalTab;
  search: string;
  page: number;
  users: User[];
  total: number;
  loading: boolean;
  /** A page arrived for the current tab and search (tells "loading" from "empty"). */
  loaded: boolean;
  error: string | null;
  /** Pending accounts ticked for bulk approval. */
  selected: string[];
  /** The account an action is running on, with the action. */
  busy: Record<string, Action>;
  bulkBusy: boolean;
  load: () => Promise<void>;
  setTab: (tab: ApprovalTab) => void;
  setSearch: (search: string) => void;
  setPage: (page: number) => void;
  toggleSelected: (id: string) => void;
  selectAll: (select: boolean) => void;
  approve: (user: User) => Promise<boolean>;
  approveSelected: () => Promise<boolean>;
  reject: (user: User, message: string) => Promise<boolean>;
  lock: (user: User) => Promise<boolean>;
  unlock: (user: User) => Promise<boolean>;
  setRole: (user: User, role: Role) => Promise<boolean>;
  reset: () => void;
}

const initial = {
  tab: 'pending' as ApprovalTab,
  search: '',
  page: 1,
  users: [] as User[],
  total: 0,
  loading: false,
  loaded: false,
  error: null as string | null,
  selected: [] as string[],
  busy: {} as Record<string, Action>,
  bulkBusy: false,
};

const messageOf = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

// An answer to an older load must not overwrite a newer one.
let latest = 0;

export const useUserApprovalStore = create<UserApprovalState>()((set, get) => {
  /** Runs one account action: marks it busy, toasts the outcome, reloads the page on success. */
  async function act(user: User, action: Action, work: () => Promise<unknown>, done: string, failed: string) {
    set({ busy: { ...get().busy, [user.id]: action } });
    try {
      await work();
      toast.success(done);
      set({ selected: get().selected.filter((id) => id !== user.id) });
      await get().load();
      return true;
    } catch (error) {
      toast.error(messageOf(error, failed));
      return false;
    } finally {
      const { [user.id]: _finished, ...rest } = get().busy;
      set({ busy: rest });
    }
  }

  return {
    ...initial,

    load: async () => {
      const ticket = ++latest;
      const { tab, search, page } = get();
      set({ loading: true, error: null });
      try {
        const result = await adminApi.accounts({
          ...TAB_QUERY[tab],
          ...(search.trim() ? { q: search.trim() } : {}),
          limit: ADMIN_USERS_PAGE_SIZE,
          offset: (page - 1) * ADMIN_USERS_PAGE_SIZE,
        });
        if (ticket !== latest) return;
        // A page emptied by the last action: show the one before it.
        if (result.users.length === 0 && result.total > 0 && page > 1) {
          set({ page: Math.ceil(result.total / ADMIN_USERS_PAGE_SIZE) });
          await get().load();
          return;
        }
        const visible = new Set(result.users.map((u) => u.id));
        set({
          users: result.users,
          total: result.total,
          loaded: true,
          selected: get().selected.filter((id) => visible.has(id)),
        });
      } catch (error) {
        if (ticket === latest) set({ error: messageOf(error, 'The accounts could not be loaded.') });
      } finally {
        if (ticket === latest) set({ loading: false });
      }
    },

    setTab: (tab) => {
      if (tab === get().tab) return;
      set({ tab, page: 1, users: [], total: 0, loaded: false, selected: [] });
      void get().load();
    },
    setSearch: (search) => {
      // The current list stays on screen ("updating…") while the search runs.
      set({ search, page: 1, selected: [] });
      void get().load();
    },
    setPage: (page) => {
      set({ page, selected: [] });
      void get().load();
    },

    toggleSelected: (id) => {
      const { selected } = get();
      set({ selected: selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id] });
    },
    selectAll: (select) => {
      set({
        selected: select
          ? get()
              .users.filter((u) => u.isLocked)
              .map((u) => u.id)
          : [],
      });
    },

    approve: (user) =>
      act(
        user,
        'approve',
        () => adminApi.approve(user.id),
        `${user.username} is approved`,
        `${user.username} could not be approved.`,
      ),

    approveSelected: async () => {
      const ids = get().selected;
      if (ids.length === 0) return false;
      set({ bulkBusy: true });
      try {
        const { users, notFound } = await adminApi.approveMany(ids);
        toast.success(users.length === 1 ? '1 account approved' : `${users.length} accounts approved`, {
          ...(notFound.length > 0
            ? { description: `${notFound.length} of them no longer exist (another admin got there first).` }
            : {}),
        });
        set({ selected: [] });
        await get().load();
        return true;
      } catch (error) {
        toast.error(messageOf(error, 'The selected accounts could not be approved.'));
        return false;
      } finally {
        set({ bulkBusy: false });
      }
    },

    reject: (user, message) =>
      act(
        user,
        'reject',
        () => adminApi.reject(user.id, message),
        `The sign-up of ${user.username} was rejected`,
        `The sign-up of ${user.username} could not be rejected.`,
      ),

    lock: (user) =>
      act(
        user,
        'lock',
        () => adminApi.lock(user.id),
        `${user.username} is locked`,
        `${user.username} could not be locked.`,
      ),

    unlock: (user) =>
      act(
        user,
        'unlock',
        () => adminApi.unlock(user.id),
        `${user.username} is unlocked`,
        `${user.username} could not be unlocked.`,
      ),

    setRole: (user, role) =>
      act(
        user,
        'role',
        () => adminApi.setRole(user.id, role),
        role === 'admin' ? `${user.username} is now an admin` : `${user.username} is no longer an admin`,
        `The role of ${user.username} could not be changed.`,
      ),

    reset: () => {
      latest += 1;
      set(initial);
    },
  };
});

// Logout clears what the session saw.
registerSessionCleanup(() => useUserApprovalStore.getState().reset());
