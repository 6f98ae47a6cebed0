/**
 * An event message's card: title, when and where, the RSVP
 * buttons with their counts, and a link to the event. Counts, changes and a cancellation
 * ("Cancelled", no buttons) follow event:updated through the events store.
 */
import { CalendarDays, MapPin } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { DASHBOARD_PATHS } from '../../navigation/paths.ts';
import { useEventsStore } from '../../stores/events.ts';
import { CardPlaceholder, cardFrame } from '../chat/CardPlaceholder.tsx';
import { CancelledMark } from './CancelledMark.tsx';
import { whenOf } from './event-format.ts';
import { RsvpButtons } from './RsvpButtons.tsx';

export function EventCard({ eventId }: { eventId: string }) {
  const event = useEventsStore((s) => s.byId[eventId]);
  const failed = useEventsStore((s) => s.failed[eventId] === true);
  const load = useEventsStore((s) => s.load);

  useEffect(() => {
    if (!useEventsStore.getState().byId[eventId]) void load(eventId);
  }, [eventId, load]);

  if (!event) return <CardPlaceholder what="event" failed={failed} onRetry={() => void load(eventId)} />;
  return (
    <section className={cardFrame} aria-label={`Event: ${event.title}`}>
      <p className="flex items-center gap-2 text-xs font-medium uppercase tracking-wide text-slate-500">
        <CalendarDays className="h-4 w-4" aria-hidden="true" /> Event
      </p>
      <Link
        to={DASHBOARD_PATHS.event(event.id)}
        className="mt-1 block break-words font-semibold text-slate-900 hover:underline"
      >
        {event.title}
      </Link>
      <p className="mt-1 text-sm text-slate-700">{whenOf(event)}</p>
      <p className="flex items-center gap-1 break-words text-sm text-slate-600">
        <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" /> {event.location}
      </p>
      {event.cancelledAt ? (
        <div className="mt-2">
          <CancelledMark />
        </div>
      ) : (
        <div className="mt-2">
          <RsvpButtons event={event} />
        </div>
      )}
    </section>
  );
}
