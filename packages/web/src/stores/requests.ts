/**
 * Building requests to the office: the page on screen (a resident's own, or the
 * office queue with its filters), the request opened in detail with its history, and the writes.
 * Live `request:updated` events (realtime/live-updates.ts) keep both current.
 */
import { create } from 'zustand';
import { REQUESTS_PAGE_SIZE } from '@stoop/shared/constants';
import type {
  BuildingRequest,
  CreateRequestFields,
  RequestCategory,
  RequestDetail,
  RequestStatus,
} from '@stoop/shared';
import { callApi, isApiError } from '../services/http/client.ts';
import { uploadApi } from '../services/http/upload.ts';
import { registerSessionCleanup } from '../services/session/session-cleanup.ts';
import { toast } from '../services/ui/toast.ts';

export interface RequestFilters {
  status?: RequestStatus | undefined;
  category?: RequestCategory | undefined;
}

export interface RequestsState {
  items: BuildingRequest[];
  total: number;
  page: number;
  filters: RequestFilters;
  loading: boolean;
  /** A page arrived at least once (tells "loading" from "empty"). */
  loaded: boolean;
  detail: RequestDetail | null;
  /** The id being opened, until its detail arrives. */
  opening: string | null;
  /** 0..1 while a photo is being sent; null otherwise. */
  uploadProgress: number | null;
  load: (page?: number, filters?: RequestFilters) => Promise<void>;
  open: (id: string) => Promise<void>;
  close: () => void;
  create: (fields: CreateRequestFields, photo: File | null) => Promise<RequestDetail | null>;
  changeStatus: (id: string, status: 'open' | 'in_progress' | 'done', note: string) => Promise<boolean>;
  cancel: (id: string) => Promise<boolean>;
  comment: (id: string, text: string) => Promise<boolean>;
  /** A live change (realtime/live-updates.ts). */
  applyUpdated: (request: BuildingRequest) => void;
  reset: () => void;
}

const initial = {
  items: [] as BuildingRequest[],
  total: 0,
  page: 1,
  filters: {} as RequestFilters,
  loading: false,
  loaded: false,
  detail: null,
  opening: null,
  uploadProgress: null,
};
const failed = (error: unknown, fallback: string) =>
  toast.error(isApiError(error) ? error.message : fallback);

const matches = (request: BuildingRequest, filters: RequestFilters) =>
  (filters.status === undefined || request.status === filters.status) &&
  (filters.category === undefined || request.category === filters.category);

// An answer to an older load or open must not overwrite a newer one.
let latestLoad = 0;
let latestOpen = 0;

export const useRequestsStore = create<RequestsState>()((set, get) => {
  /** Puts a changed request (and its detail, when open) in place. */
  const settle = (detail: RequestDetail) => {
    const { request } = detail;
    set((s) => ({
      items: s.items.map((r) => (r.id === request.id ? request : r)),
      detail: s.detail?.request.id === request.id || s.opening === request.id ? detail : s.detail,
    }));
  };

  return {
    ...initial,

    load: async (page = get().page, filters = get().filters) => {
      const ticket = ++latestLoad;
      set({ loading: true, page, filters });
      try {
        const result = await callApi('listRequests', {
          query: { page, limit: REQUESTS_PAGE_SIZE, ...filters },
        });
        if (ticket === latestLoad) set({ items: result.data, total: result.total, loaded: true });
      } catch (error) {
        if (ticket === latestLoad) failed(error, 'Requests could not be loaded.');
      } finally {
        if (ticket === latestLoad) set({ loading: false });
      }
    },

    open: async (id) => {
      const ticket = ++latestOpen;
      set({ opening: id });
      try {
        const detail = await callApi('getRequest', { params: { id } });
        if (ticket === latestOpen) set({ detail });
      } catch (error) {
        if (ticket === latestOpen) {
          set({ detail: null });
          failed(error, 'The request could not be opened.');
        }
      } finally {
        if (ticket === latestOpen) set({ opening: null });
      }
    },

    close: () => {
      latestOpen += 1;
      set({ detail: null, opening: null });
    },

    create: async (fields, photo) => {
      const form = new FormData();
      form.set('category', fields.category);
      form.set('title', fields.title);
      form.set('description', fields.description);
      if (photo) form.set('photo', photo, photo.name);
      set({ uploadProgress: photo ? 0 : null });
      try {
        const detail = await uploadApi(
          'createRequest',
          { body: form },
          { onProgress: (fraction) => set({ uploadProgress: photo ? fraction : null }) },
        );
        const { request } = detail;
        set((s) => ({
          items: s.items.some((r) => r.id === request.id) ? s.items : [request, ...s.items],
          total: s.items.some((r) => r.id === request.id) ? s.total : s.total + 1,
        }));
        return detail;
      } catch (error) {
        failed(error, 'The request could not be sent.');
        return null;
      } finally {
        set({ uploadProgress: null });
      }
    },

    changeStatus: async (id, status, note) => {
      try {
        const trimmed = note.trim();
        settle(
          await callApi('updateRequest', {
            params: { id },
            body: trimmed ? { status, note: trimmed } : { status },
          }),
        );
        return true;
      } catch (error) {
        failed(error, 'The status could not be changed.');
        return false;
      }
    },

    cancel: async (id) => {
      try {
        settle(await callApi('cancelRequest', { params: { id } }));
        return true;
      } catch (error) {
        failed(error, 'The request could not be cancelled.');
        return false;
      }
    },

    comment: async (id, text) => {
      try {
        settle(await callApi('commentOnRequest', { params: { id }, body: { text } }));
        return true;
      } catch (error) {
        failed(error, 'The comment could not be added.');
        return false;
      }
    },

    applyUpdated: (request) => {
      const { items, page, filters, detail, loaded } = get();
      if (items.some((r) => r.id === request.id)) {
        set({ items: items.map((r) => (r.id === request.id ? request : r)) });
      } else if (loaded && page === 1 && matches(request, filters)) {
        // A new request (the queue) or one filed on another device: newest first.
        set({ items: [request, ...items].slice(0, REQUESTS_PAGE_SIZE), total: get().total + 1 });
      }
      // The history changed too: the open detail is fetched again, unless it already is this
      // version (the answer to this screen's own change, which the server also sends as an event).
      if (detail?.request.id === request.id && detail.request.updatedAt !== request.updatedAt)
        void get().open(request.id);
    },

    reset: () => {
      latestLoad += 1;
      latestOpen += 1;
      set(initial);
    },
  };
});

registerSessionCleanup(() => useRequestsStore.getState().reset());
