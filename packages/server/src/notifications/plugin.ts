// How this folder works (announcements and notifications): docs/news.md.
import { domainPlugin } from '../domain.ts';
import { notificationRoutes } from './routes.ts';
import { mapNotificationEvents } from './sockets.ts';
import { subscribeNotifications } from './subscriber.ts';

/** Notifications: written from other domains' events, live to their recipient's sockets. */
export const notificationsPlugin = domainPlugin('notifications', {
  routes: [notificationRoutes],
  subscribers: [subscribeNotifications],
  sockets: [mapNotificationEvents],
});
