/**
 * R-REACH-4 (admins): the receipts of the announcement an admin has open, fetched again (at most
 * once a second) whenever the server says they changed.
 */
import { create } from 'zustand';
import type { AnnouncementReceipts } from '@stoop/shared';
import { isApiError } from '../services/http/client.ts';
import { announcementsApi } from '../services/api/announcements-api.ts';
import { registerSessionCleanup } from '../services/session/session-cleanup.ts';
import { toast } from '../services/ui/toast.ts';

interface ReceiptsState {
  openId: string | null;
  receipts: AnnouncementReceipts | null;
  loading: boolean;
  open: (id: string | null) => void;
  changed: (id: string) => void;
  remind: (id: string) => Promise<void>;
}

let timer: ReturnType<typeof setTimeout> | undefined;

export const useReceiptsStore = create<ReceiptsState>()((set, get) => {
  const fetchNow = async (id: string) => {
    try {
      const receipts = await announcementsApi.receipts(id);
      if (get().openId === id) set({ receipts, loading: false });
    } catch (error) {
      if (get().openId === id) set({ loading: false });
      toast.error(isApiError(error) ? error.message : 'Receipts could not be loaded.');
    }
  };
  return {
    openId: null,
    receipts: null,
    loading: false,
    open: (id) => {
      set({ openId: id, receipts: null, loading: id !== null });
      if (id) void fetchNow(id);
    },
    changed: (id) => {
      if (get().openId !== id || timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        if (get().openId === id) void fetchNow(id);
      }, 1000);
    },
    remind: async (id) => {
      try {
        const reminded = await announcementsApi.remind(id);
        toast.success(
          reminded === 0
            ? 'Everyone has seen it.'
            : `Reminded ${reminded} resident${reminded === 1 ? '' : 's'}.`,
        );
      } catch (error) {
        toast.error(isApiError(error) ? error.message : 'The reminder could not be sent.');
      }
    },
  };
});

registerSessionCleanup(() => useReceiptsStore.getState().open(null));
