/** Server events of the building's events (R-RT-2); see ../events.ts. */
import { z } from 'zod';
import { eventSchema } from '../calendar.ts';

export const calendarEventSchemas = {
  /** R-EVENT-6: an event's counts changed; to its conversation's room, with no reader's own RSVP. */
  'event:updated': z.object({ event: eventSchema }),
} as const;
