import { domainPlugin } from '../domain.ts';
import { notificationSettingsRoutes } from '../notification-settings/routes.ts';
import { PeriodicRound } from '../periodic-round.ts';
import { userRoom } from '../realtime/rooms.ts';
import { sendDueMail, type MailNoticeContext } from './service.ts';
import { subscribeMailNotices } from './subscriber.ts';

/**
 * Notification settings, and mail for residents the app did not reach:
 * notices queued from domain events, sent by a round in this process (woken on queueing and every
 * EMAIL_NOTIFY_POLL_MS for items queued elsewhere or falling due). Whether a resident is online is
 * asked of Socket.IO (across instances with Redis).
 */
export const mailNoticesPlugin = domainPlugin('mail-notices', (app) => {
  const ctx: MailNoticeContext = {
    db: app.db,
    bus: app.bus,
    config: app.config,
    mailer: app.mailer,
    sessionCache: app.sessionCache,
    isOnline: async (userId) =>
      app.hasDecorator('io') && (await app.io.in(userRoom(userId)).fetchSockets()).length > 0,
  };
  const round = new PeriodicRound(
    () => sendDueMail(ctx),
    app.config.EMAIL_NOTIFY_POLL_MS,
    app.log.child({ module: 'mail-notices' }),
    'notification mail round failed',
  );
  return {
    routes: [notificationSettingsRoutes],
    subscribers: [(instance) => subscribeMailNotices(instance, () => round.wake())],
    periodic: [{ name: 'mailNotices', work: round }],
  };
});

declare module 'fastify' {
  interface FastifyInstance {
    /** The notification mail round of this process (mail-notices/plugin.ts). */
    mailNotices: PeriodicRound;
  }
}
