// How this folder works (polls, requests and calendar events): docs/building-life.md.
import { domainPlugin } from '../domain.ts';
import { EventReminderScheduler } from './reminders.ts';
import { eventRoutes } from './routes.ts';
import { mapCalendarEvents } from './sockets.ts';

/** Calendar events: the calls, their live counts, and the reminder scheduler of this process. */
export const eventsPlugin = domainPlugin('events', (app) => ({
  routes: [eventRoutes],
  sockets: [mapCalendarEvents],
  periodic: [
    {
      name: 'eventReminders',
      work: new EventReminderScheduler(app, app.log.child({ module: 'event-reminders' })),
    },
  ],
}));

declare module 'fastify' {
  interface FastifyInstance {
    /** The event reminder scheduler of this process (events/reminders.ts). */
    eventReminders: EventReminderScheduler;
  }
}
