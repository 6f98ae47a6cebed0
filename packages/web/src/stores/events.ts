/**
 * Events on screen: the upcoming list of the events page and
 * every event a card or the detail loaded, by id. The reader's own answers replace them, and
 * `event:updated` moves their counts (it carries no reader's answer, so the one held here stays).
 */
import { create } from 'zustand';
import type { CalendarEvent, CreateEventBody, EventView, RsvpStatus, UpdateEventBody } from '@stoop/shared';
import { isApiError } from '../services/http/client.ts';
import {
  cancelEvent,
  createEvent,
  fetchEvent,
  fetchEvents,
  rsvpEvent,
  updateEvent,
} from '../services/api/events-api.ts';
import { registerReconnectRefresh } from '../services/session/reconnect-refresh.ts';
import { registerSessionCleanup } from '../services/session/session-cleanup.ts';
import { toast } from '../services/ui/toast.ts';
import { compareOrdinal } from '../services/chat/us-dates.ts';

/** The calendar feed's address and an event's calendar file: the screens' links, from the calls. */
export { eventIcsUrl, fetchCalendarFeedUrl, rotateCalendarFeedUrl } from '../services/api/events-api.ts';

interface EventsState {
  byId: Record<string, EventView>;
  /** Ids of the upcoming list, by start. */
  upcoming: string[];
  loaded: boolean;
  loading: boolean;
  /** Ids whose load failed (cards and the detail say so instead of spinning). */
  failed: Record<string, true>;
  loadUpcoming: () => Promise<void>;
  load: (id: string) => Promise<void>;
  create: (body: CreateEventBody) => Promise<EventView | null>;
  rsvp: (id: string, status: RsvpStatus) => Promise<boolean>;
  /** Its creator or an admin changes it; answers the event, or null (a toast said why). */
  update: (id: string, body: UpdateEventBody) => Promise<EventView | null>;
  /** Its creator or an admin cancels it; answers whether it was. */
  cancel: (id: string) => Promise<boolean>;
  /** Keeps the event, and its place in the upcoming list (by start; a cancelled one leaves). */
  put: (event: EventView) => void;
  /** The live counts of an event (event:updated). */
  applyLive: (event: CalendarEvent) => void;
  reset: () => void;
}

const failure = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);
const byStart = (a: EventView, b: EventView) =>
  compareOrdinal(a.startsAt, b.startsAt) || compareOrdinal(a.id, b.id);

/**
 * The upcoming list after `event` changed: a listed event is re-sorted by its (maybe new) start,
 * or leaves when cancelled; an event not listed is not added here.
 */
function placed(
  upcoming: string[],
  byId: Record<string, EventView>,
  event: Pick<CalendarEvent, 'id' | 'cancelledAt'>,
): string[] {
  if (!upcoming.includes(event.id)) return upcoming;
  if (event.cancelledAt) return upcoming.filter((id) => id !== event.id);
  return upcoming
    .map((id) => byId[id])
    .filter((e): e is EventView => e !== undefined)
    .sort(byStart)
    .map((e) => e.id);
}

export const useEventsStore = create<EventsState>()((set, get) => ({
  byId: {},
  upcoming: [],
  loaded: false,
  loading: false,
  failed: {},
  loadUpcoming: async () => {
    set({ loading: true });
    try {
      const events = await fetchEvents();
      set((s) => ({
        byId: { ...s.byId, ...Object.fromEntries(events.map((e) => [e.id, e])) },
        upcoming: events.map((e) => e.id),
        loaded: true,
        loading: false,
      }));
    } catch (error) {
      set({ loaded: true, loading: false });
      toast.error(failure(error, 'The events could not be loaded. Please try again.'));
    }
  },
  load: async (id) => {
    try {
      get().put(await fetchEvent(id));
    } catch {
      set((s) => ({ failed: { ...s.failed, [id]: true } }));
    }
  },
  create: async (body) => {
    try {
      const event = await createEvent(body);
      get().put(event);
      set((s) => {
        const events = [...s.upcoming.filter((id) => id !== event.id).map((id) => s.byId[id]), event]
          .filter((e): e is EventView => e !== undefined)
          .sort(byStart);
        return { upcoming: events.map((e) => e.id) };
      });
      return event;
    } catch (error) {
      toast.error(failure(error, 'The event could not be created. Please try again.'));
      return null;
    }
  },
  rsvp: async (id, status) => {
    try {
      get().put(await rsvpEvent(id, status));
      return true;
    } catch (error) {
      toast.error(failure(error, 'Your answer could not be saved. Please try again.'));
      return false;
    }
  },
  update: async (id, body) => {
    try {
      const event = await updateEvent(id, body);
      get().put(event);
      return event;
    } catch (error) {
      toast.error(failure(error, 'The event could not be changed. Please try again.'));
      return null;
    }
  },
  cancel: async (id) => {
    try {
      get().put(await cancelEvent(id));
      return true;
    } catch (error) {
      toast.error(failure(error, 'The event could not be cancelled. Please try again.'));
      return false;
    }
  },
  put: (event) =>
    set((s) => {
      const { [event.id]: _gone, ...failed } = s.failed;
      const byId = { ...s.byId, [event.id]: event };
      return { byId, failed, upcoming: placed(s.upcoming, byId, event) };
    }),
  applyLive: (event) =>
    set((s) => {
      const held = s.byId[event.id];
      // Only events on screen are kept; another card loads its own when it appears.
      if (!held) return s;
      const byId = { ...s.byId, [event.id]: { ...event, myRsvp: held.myRsvp } };
      return { byId, upcoming: placed(s.upcoming, byId, event) };
    }),
  reset: () => set({ byId: {}, upcoming: [], loaded: false, loading: false, failed: {} }),
}));

registerSessionCleanup(() => useEventsStore.getState().reset());
// Events on screen, and those that could not load offline, are read again once back.
registerReconnectRefresh(async () => {
  const { byId, failed, load } = useEventsStore.getState();
  await Promise.all([...new Set([...Object.keys(byId), ...Object.keys(failed)])].map((id) => load(id)));
});
