/**
 * The signed-in resident's notifications and unread badge: loaded once by the shell, then kept
 * current by `notification:new` (realtime/news-updates.ts).
 */
import { create } from 'zustand';
import type { Notification } from '@stoop/shared';
import { newsApi } from '../services/api/news-api.ts';
import { logger } from '../services/logger/logger.ts';
import { registerSessionCleanup } from '../services/session/session-cleanup.ts';

export interface NotificationsState {
  items: Notification[];
  unread: number;
  loading: boolean;
  loaded: boolean;
  load: () => Promise<void>;
  /** Marks those read (all without ids); the badge follows the server's count. */
  markRead: (ids?: string[]) => Promise<void>;
  applyNew: (notification: Notification) => void;
  reset: () => void;
}

/** The panel shows the newest this many; older ones stay on the server. */
const NOTIFICATIONS_SHOWN = 30;

const initial = { items: [] as Notification[], unread: 0, loading: false, loaded: false };
let latest = 0;
/** The newest mark-read call: only its answer sets the count, an older one may predate an arrival. */
let latestMark = 0;

export const useNotificationsStore = create<NotificationsState>()((set, get) => ({
  ...initial,

  load: async () => {
    const ticket = ++latest;
    set({ loading: true });
    try {
      const page = await newsApi.notifications(1, NOTIFICATIONS_SHOWN);
      if (ticket === latest) set({ items: page.data, unread: page.unread, loaded: true });
    } catch (error) {
      // The badge is not worth a toast; the next load tries again.
      if (ticket === latest) logger.warn('Notifications could not be loaded', { error: String(error) });
    } finally {
      if (ticket === latest) set({ loading: false });
    }
  },

  markRead: async (ids) => {
    const { items, unread } = get();
    const marks = (n: Notification) => !n.read && (ids === undefined || ids.includes(n.id));
    const newlyRead = items.filter(marks).length;
    if (ids !== undefined && newlyRead === 0) return;
    // At once on screen; the server's answer then sets the exact count.
    set({
      items: items.map((n) => (marks(n) ? { ...n, read: true } : n)),
      unread: ids === undefined ? 0 : Math.max(0, unread - newlyRead),
    });
    const ticket = ++latestMark;
    try {
      const left = await newsApi.markNotificationsRead(ids);
      if (ticket === latestMark) set({ unread: left });
    } catch (error) {
      logger.warn('Notifications could not be marked read', { error: String(error) });
    }
  },

  applyNew: (notification) => {
    const { items, unread } = get();
    if (items.some((n) => n.id === notification.id)) return;
    set({
      items: [notification, ...items].slice(0, NOTIFICATIONS_SHOWN),
      unread: unread + (notification.read ? 0 : 1),
    });
  },

  reset: () => {
    latest += 1;
    set(initial);
  },
}));

registerSessionCleanup(() => useNotificationsStore.getState().reset());
