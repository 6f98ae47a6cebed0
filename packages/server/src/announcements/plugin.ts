// How this folder works (announcements and notifications): docs/news.md.
import { domainPlugin } from '../domain.ts';
import { announcementRoutes } from './routes.ts';
import { announcementScheduler } from './scheduler.ts';
import { mapAnnouncementEvents } from './sockets.ts';

/** The building's announcements, live to every socket; scheduled ones sent by a round in this process. */
export const announcementsPlugin = domainPlugin('announcements', (app) => ({
  routes: [announcementRoutes],
  sockets: [mapAnnouncementEvents],
  periodic: [{ work: announcementScheduler(app, app.log.child({ module: 'announcements' })) }],
}));
