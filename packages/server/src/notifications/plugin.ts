import fp from 'fastify-plugin';
import { announcementRoutes } from '../announcements/routes.ts';
import { announcementScheduler } from '../announcements/scheduler.ts';
import { mapNewsEvents } from '../realtime/news.ts';
import { notificationRoutes } from './routes.ts';
import { subscribeNotifications } from './subscriber.ts';

/** Announcements and notifications; registered after the realtime server (it emits through app.io). */
export const newsPlugin = fp(
  async (app) => {
    await app.register(announcementRoutes);
    await app.register(notificationRoutes);
    const unsubscribe = [subscribeNotifications(app), mapNewsEvents(app)];
    const scheduler = announcementScheduler(app, app.log.child({ module: 'announcements' }));
    app.addHook('onReady', (done) => {
      scheduler.start();
      done();
    });
    app.addHook('preClose', (done) => {
      void scheduler.stop().then(() => done());
    });
    app.addHook('onClose', (_instance, done) => {
      for (const off of unsubscribe) off();
      done();
    });
  },
  { name: 'stoop-news' },
);
