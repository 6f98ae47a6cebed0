/** Socket events (server to client) of calendar events; see ../socket-events.ts. */
import { z } from 'zod';
import { eventSchema } from '../calendar.ts';

export const calendarSocketEventSchemas = {
  /** R-EVENT-6: an event's counts changed; to its conversation's room, with no reader's own RSVP. */
  'event:updated': z.object({ event: eventSchema }),
} as const;
