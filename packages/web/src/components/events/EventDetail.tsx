/**
 * One event: when and where, the description, RSVP buttons with the counts,
 * who is going, and its .ics file to download; for its creator and admins, Edit and Cancel event.
 * A cancelled one says so and takes no answer.
 */
import { CalendarDays, Download, MapPin } from 'lucide-react';
import type { EventView } from '@stoop/shared';
import { eventIcsUrl } from '../../stores/events.ts';
import { useUsersStore } from '../../stores/users.ts';
import { CancelledMark } from './CancelledMark.tsx';
import { EventActions } from './EventActions.tsx';
import { whenOf } from './event-format.ts';
import { RsvpButtons } from './RsvpButtons.tsx';

export function EventDetail({ event }: { event: EventView }) {
  const users = useUsersStore((s) => s.byId);
  const going = event.goingIds.map((id) => users[id]?.username ?? 'A resident');
  return (
    <article
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4"
      aria-labelledby="event-title"
    >
      <div>
        {event.cancelledAt ? <CancelledMark /> : null}
        <h2 id="event-title" className="break-words text-lg font-semibold text-slate-900">
          {event.title}
        </h2>
        <p className="mt-1 flex items-center gap-1 text-sm text-slate-700">
          <CalendarDays className="h-4 w-4 shrink-0" aria-hidden="true" /> {whenOf(event)}
        </p>
        <p className="flex items-center gap-1 break-words text-sm text-slate-700">
          <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" /> {event.location}
        </p>
      </div>
      {event.description ? (
        <p className="whitespace-pre-wrap break-words text-sm text-slate-800">{event.description}</p>
      ) : null}
      {event.cancelledAt ? null : <RsvpButtons event={event} />}
      <p className="text-sm text-slate-700" aria-live="polite" data-testid="event-counts">
        {event.counts.going} going · {event.counts.maybe} maybe · {event.counts.no} can’t go
      </p>
      <div>
        <h3 className="text-sm font-medium text-slate-800">Who is going</h3>
        {going.length > 0 ? (
          <ul className="mt-1 flex flex-wrap gap-1.5 text-sm" aria-label="Who is going">
            {going.map((name, i) => (
              <li key={event.goingIds[i]} className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-800">
                {name}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-600">Nobody yet.</p>
        )}
      </div>
      <a
        href={eventIcsUrl(event.id)}
        download
        className="flex w-fit items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <Download className="h-4 w-4" aria-hidden="true" /> Download .ics
      </a>
      <EventActions event={event} />
    </article>
  );
}
