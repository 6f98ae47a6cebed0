/**
 * /main_dashboard/events[/:eventId]: upcoming events with loading and empty states, a
 * dialog to create one, the chosen event with its RSVP buttons, counts, who is going and its .ics
 * file, and the resident's calendar feed address. Counts arrive live (event:updated).
 */
import { ArrowLeft, CalendarDays, MapPin, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState.tsx';
import { CalendarFeedSection } from '../../components/events/CalendarFeedSection.tsx';
import { CreateEventDialog } from '../../components/events/CreateEventDialog.tsx';
import { EventDetail } from '../../components/events/EventDetail.tsx';
import { whenOf } from '../../components/events/event-format.ts';
import { Button, ButtonLink } from '../../components/ui/Button.tsx';
import { DASHBOARD_PATHS } from '../../navigation/paths.ts';
import { toast } from '../../services/ui/toast.ts';
import { useEventsStore } from '../../stores/events.ts';
import { LoadingState } from '../../components/ui/LoadStates.tsx';

function Detail({ eventId }: { eventId: string }) {
  const event = useEventsStore((s) => s.byId[eventId]);
  const failed = useEventsStore((s) => s.failed[eventId] === true);

  useEffect(() => {
    void useEventsStore.getState().load(eventId);
  }, [eventId]);

  return (
    <div className="flex flex-col gap-3">
      <ButtonLink to={DASHBOARD_PATHS.events} variant="ghost" className="self-start">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> All events
      </ButtonLink>
      {event ? (
        <EventDetail event={event} />
      ) : failed ? (
        <p className="text-sm text-slate-600">This event could not be found.</p>
      ) : (
        <LoadingState label="Loading the event…" space="min-h-[30vh]" />
      )}
    </div>
  );
}

function UpcomingList({ selectedId }: { selectedId: string | undefined }) {
  const upcoming = useEventsStore((s) => s.upcoming);
  const byId = useEventsStore((s) => s.byId);
  return (
    <ul className="flex flex-col gap-2" aria-label="Upcoming events">
      {upcoming.map((id) => {
        const event = byId[id];
        if (!event) return null;
        return (
          <li key={id}>
            <Link
              to={DASHBOARD_PATHS.event(id)}
              aria-current={id === selectedId ? 'page' : undefined}
              className={`block rounded-xl border p-3 hover:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${
                id === selectedId ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white'
              }`}
            >
              <span className="block break-words font-medium text-slate-900">{event.title}</span>
              <span className="block text-sm text-slate-700">{whenOf(event)}</span>
              <span className="flex items-center gap-1 break-words text-sm text-slate-600">
                <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" /> {event.location}
              </span>
              <span className="text-xs text-slate-600">
                {event.counts.going} going · {event.counts.maybe} maybe
                {event.myRsvp ? ` · you: ${event.myRsvp === 'no' ? 'can’t go' : event.myRsvp}` : ''}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export default function EventsPage() {
  const { eventId } = useParams();
  const navigate = useNavigate();
  const loaded = useEventsStore((s) => s.loaded);
  const loading = useEventsStore((s) => s.loading);
  const count = useEventsStore((s) => s.upcoming.length);
  const [composing, setComposing] = useState(false);

  useEffect(() => {
    void useEventsStore.getState().loadUpcoming();
  }, []);

  const newEvent = (
    <Button onClick={() => setComposing(true)}>
      <Plus className="h-4 w-4" aria-hidden="true" /> New event
    </Button>
  );
  let list;
  if (!loaded) list = <LoadingState label="Loading events…" space="min-h-[30vh]" />;
  else if (count === 0)
    list = (
      <EmptyState
        icon={CalendarDays}
        title="No upcoming events"
        description="Plan a potluck, a movie night or a clean-up day and invite your neighbours."
      >
        {newEvent}
      </EmptyState>
    );
  else
    list = (
      <div aria-busy={loading || undefined}>
        <UpcomingList selectedId={eventId} />
      </div>
    );

  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-4 p-4 sm:p-6" aria-labelledby="events-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="events-title" className="text-lg font-semibold text-slate-900">
          Events
        </h1>
        {newEvent}
      </div>
      {composing ? (
        <CreateEventDialog
          onClose={() => setComposing(false)}
          onCreated={(event) => {
            setComposing(false);
            toast.success('Event created');
            void navigate(DASHBOARD_PATHS.event(event.id));
          }}
        />
      ) : null}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className={eventId ? 'hidden lg:block' : undefined}>{list}</div>
        {eventId ? <Detail eventId={eventId} /> : null}
      </div>
      <CalendarFeedSection />
    </section>
  );
}
