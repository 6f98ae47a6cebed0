/**
 * Announcements: the page on screen (pinned first, then newest first, as the server orders them),
 * kept current by the live announcement events, and the admin's writes.
 */
import { create } from 'zustand';
import { ANNOUNCEMENTS_PAGE_SIZE } from '@stoop/shared/constants';
import type { Announcement, CreateAnnouncementBody, UpdateAnnouncementBody } from '@stoop/shared';
import { isApiError } from '../services/http/client.ts';
import { announcementsApi } from '../services/api/announcements-api.ts';
import { registerSessionCleanup } from '../services/session/session-cleanup.ts';
import { toast } from '../services/ui/toast.ts';

export interface AnnouncementsState {
  items: Announcement[];
  total: number;
  page: number;
  loading: boolean;
  /** A page arrived at least once (tells "loading" from "empty"). */
  loaded: boolean;
  load: (page?: number) => Promise<void>;
  markRead: (id: string) => Promise<void>;
  markAllRead: () => Promise<void>;
  create: (body: CreateAnnouncementBody) => Promise<Announcement | null>;
  update: (id: string, body: UpdateAnnouncementBody) => Promise<Announcement | null>;
  remove: (id: string) => Promise<boolean>;
  /** Live events (realtime/news-updates.ts). */
  applyNew: (announcement: Announcement) => void;
  applyUpdated: (announcement: Announcement) => void;
  applyDeleted: (id: string) => void;
  reset: () => void;
}

/** The server's order: pinned first, then newest first, id breaking ties. */
function byListOrder(a: Announcement, b: Announcement): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : -1;
}

const initial = { items: [] as Announcement[], total: 0, page: 1, loading: false, loaded: false };
const failed = (error: unknown, fallback: string) =>
  toast.error(isApiError(error) ? error.message : fallback);

// An answer to an older load must not overwrite a newer one.
let latest = 0;

/** The newest announcements, pinned first, for a card that shows a few (the chat's first view). */
export async function recentAnnouncements(limit: number): Promise<Announcement[]> {
  return (await announcementsApi.announcements(1, limit)).data;
}

/** How many residents an announcement reaches now (asked before an urgent one goes out). */
export const announcementRecipientCount = (): Promise<number> => announcementsApi.recipientCount();

export const useAnnouncementsStore = create<AnnouncementsState>()((set, get) => ({
  ...initial,

  load: async (page = get().page) => {
    const ticket = ++latest;
    set({ loading: true, page });
    try {
      const result = await announcementsApi.announcements(page, ANNOUNCEMENTS_PAGE_SIZE);
      if (ticket === latest) set({ items: result.data, total: result.total, loaded: true });
    } catch (error) {
      if (ticket === latest) failed(error, 'Announcements could not be loaded.');
    } finally {
      if (ticket === latest) set({ loading: false });
    }
  },

  markRead: async (id) => {
    const item = get().items.find((a) => a.id === id);
    if (!item || item.read) return;
    set({ items: get().items.map((a) => (a.id === id ? { ...a, read: true } : a)) });
    try {
      await announcementsApi.markAnnouncementRead(id);
    } catch {
      // Read state is a convenience; the next load shows the server's truth.
    }
  },

  markAllRead: async () => {
    set({ items: get().items.map((a) => (a.read ? a : { ...a, read: true })) });
    try {
      await announcementsApi.markAllAnnouncementsRead();
    } catch (error) {
      failed(error, 'Announcements could not be marked read.');
    }
  },

  create: async (body) => {
    try {
      const made = await announcementsApi.createAnnouncement(body);
      get().applyNew(made);
      toast.success('Announcement posted');
      return made;
    } catch (error) {
      failed(error, 'The announcement could not be posted.');
      return null;
    }
  },

  update: async (id, body) => {
    try {
      const changed = await announcementsApi.updateAnnouncement(id, body);
      get().applyUpdated(changed);
      toast.success('Announcement saved');
      return changed;
    } catch (error) {
      failed(error, 'The announcement could not be saved.');
      return null;
    }
  },

  remove: async (id) => {
    try {
      await announcementsApi.deleteAnnouncement(id);
      get().applyDeleted(id);
      toast.success('Announcement deleted');
      return true;
    } catch (error) {
      failed(error, 'The announcement could not be deleted.');
      return false;
    }
  },

  applyNew: (announcement) => {
    const { items, total, page } = get();
    if (items.some((a) => a.id === announcement.id)) return;
    // Only the first page shows new ones; later pages shift by one, which the next load shows.
    const next = page === 1 ? [announcement, ...items].sort(byListOrder) : items;
    set({ items: next.slice(0, Math.max(ANNOUNCEMENTS_PAGE_SIZE, items.length)), total: total + 1 });
  },

  applyUpdated: (announcement) => {
    const { items } = get();
    if (!items.some((a) => a.id === announcement.id)) return;
    // Keep the reader's own read state: a broadcast has none.
    const merged = items.map((a) => (a.id === announcement.id ? { ...announcement, read: a.read } : a));
    set({ items: merged.sort(byListOrder) });
  },

  applyDeleted: (id) => {
    const { items, total } = get();
    if (!items.some((a) => a.id === id)) {
      set({ total: Math.max(0, total - 1) });
      return;
    }
    set({ items: items.filter((a) => a.id !== id), total: Math.max(0, total - 1) });
  },

  reset: () => {
    latest += 1;
    set(initial);
  },
}));

// Logout clears what the session saw.
registerSessionCleanup(() => useAnnouncementsStore.getState().reset());
