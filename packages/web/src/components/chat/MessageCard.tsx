/**
 * A poll's or an event's card inside a message, loaded on first use: most conversations hold
 * neither, so the cards, their stores and the RSVP buttons stay off the conversation page's first
 * load. The card's own placeholder shows while it loads, and a failed load (offline)
 * offers "Try again" like a card whose data failed.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { CardPlaceholder } from './CardPlaceholder.tsx';

type PollCardComponent = ComponentType<{ pollId: string }>;
type EventCardComponent = ComponentType<{ eventId: string }>;

let pollCard: PollCardComponent | null = null;
let eventCard: EventCardComponent | null = null;

const loadPollCard = () =>
  import('./PollCard.tsx').then((module) => (pollCard = module.PollCard as PollCardComponent));
const loadEventCard = () =>
  import('../events/EventCard.tsx').then((module) => (eventCard = module.EventCard as EventCardComponent));

/** The loaded component, or the placeholder's state until it is there. */
function useLoaded<C>(loaded: C | null, load: () => Promise<C>) {
  const [component, setComponent] = useState<C | null>(() => loaded);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (component) return;
    let live = true;
    load().then(
      (value) => live && setComponent(() => value),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [component, load, attempt]);
  const retry = () => {
    setFailed(false);
    setAttempt((n) => n + 1);
  };
  return { component, failed, retry };
}

export function PollCardOnDemand({ pollId }: { pollId: string }) {
  const { component: Card, failed, retry } = useLoaded(pollCard, loadPollCard);
  return Card ? <Card pollId={pollId} /> : <CardPlaceholder what="poll" failed={failed} onRetry={retry} />;
}

export function EventCardOnDemand({ eventId }: { eventId: string }) {
  const { component: Card, failed, retry } = useLoaded(eventCard, loadEventCard);
  return Card ? <Card eventId={eventId} /> : <CardPlaceholder what="event" failed={failed} onRetry={retry} />;
}
