/**
 * The urgent announcements the resident has not acknowledged: the banner on every
 * signed-in screen. Loaded once a screen shows it, kept current by the live events, cleared by
 * "Got it" here or on any other device of the resident's.
 */
import { create } from 'zustand';
import type { Announcement } from '@stoop/shared';
import { isApiError } from '../services/http/client.ts';
import { newsApi } from '../services/api/news-api.ts';
import { registerSessionCleanup } from '../services/session/session-cleanup.ts';
import { toast } from '../services/ui/toast.ts';

interface UrgentBannerState {
  items: Announcement[];
  loaded: boolean;
  load: () => Promise<void>;
  acknowledge: (id: string) => Promise<void>;
  applyNew: (announcement: Announcement) => void;
  applyUpdated: (announcement: Announcement) => void;
  applyGone: (id: string) => void;
  reset: () => void;
}

let loading: Promise<void> | undefined;

export const useUrgentBannerStore = create<UrgentBannerState>()((set, get) => ({
  items: [],
  loaded: false,
  load: () => {
    loading ??= newsApi
      .pendingUrgent()
      .then((items) => set({ items, loaded: true }))
      .catch(() => undefined)
      .finally(() => {
        loading = undefined;
      });
    return loading;
  },
  acknowledge: async (id) => {
    const before = get().items;
    set({ items: before.filter((a) => a.id !== id) });
    try {
      await newsApi.acknowledgeAnnouncement(id);
    } catch (error) {
      set({ items: before });
      toast.error(isApiError(error) ? error.message : 'Could not save “Got it”. Try again.');
    }
  },
  applyNew: (announcement) => {
    if (!announcement.urgent || get().items.some((a) => a.id === announcement.id)) return;
    set({ items: [announcement, ...get().items] });
  },
  applyUpdated: (announcement) => {
    const items = get().items;
    if (!announcement.urgent) return set({ items: items.filter((a) => a.id !== announcement.id) });
    if (items.some((a) => a.id === announcement.id))
      set({ items: items.map((a) => (a.id === announcement.id ? announcement : a)) });
    else if (announcement.sentAt) void get().load();
  },
  applyGone: (id) => set({ items: get().items.filter((a) => a.id !== id) }),
  reset: () => set({ items: [], loaded: false }),
}));

registerSessionCleanup(() => useUrgentBannerStore.getState().reset());
