import type { CalendarEvent, EventView, RsvpStatus } from '@stoop/shared';
import { eventAbilities, type AbilityViewer } from '../access/index.ts';
import type { EventRow } from '../db/schema/index.ts';
import type { Tally } from './repo.ts';

/** R-EVENT-4: an event as everyone who may see it sees it (also the `event:updated` payload). */
export function presentEvent(row: EventRow, tally: Tally): CalendarEvent {
  return {
    id: row.id,
    conversationId: row.conversationId,
    createdBy: row.createdBy,
    title: row.title,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    location: row.location,
    description: row.description,
    integrationId: row.integrationId,
    createdAt: row.createdAt.toISOString(),
    cancelledAt: row.cancelledAt ? row.cancelledAt.toISOString() : null,
    counts: { going: tally.going, maybe: tally.maybe, no: tally.no },
    goingIds: tally.goingIds,
  };
}

/** The event for `viewer`: with their answer and what they may do with it. */
export const viewFor = (
  event: CalendarEvent,
  myRsvp: RsvpStatus | null | undefined,
  viewer: AbilityViewer,
): EventView => ({
  ...event,
  myRsvp: myRsvp ?? null,
  abilities: eventAbilities(viewer, event),
});
