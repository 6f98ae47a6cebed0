import fp from 'fastify-plugin';
import { EventReminderScheduler } from './reminders.ts';
import { eventRoutes } from './routes.ts';

/** Events: the calls, and the reminder scheduler of this process (R-EVENT-7). */
export const eventsPlugin = fp(
  async (app) => {
    const reminders = new EventReminderScheduler(app, app.log.child({ module: 'event-reminders' }));
    app.decorate('eventReminders', reminders);
    await app.register(eventRoutes);
    app.addHook('onReady', (done) => {
      reminders.start();
      done();
    });
    // preClose: before the database closes (onClose), so a round in flight can finish.
    app.addHook('preClose', (done) => {
      void reminders.stop().then(() => done());
    });
  },
  { name: 'stoop-events' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The event reminder scheduler of this process (events/reminders.ts). */
    eventReminders: EventReminderScheduler;
  }
}
