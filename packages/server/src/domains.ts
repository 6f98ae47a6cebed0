import { adminPlugin } from './admin/plugin.ts';
import { announcementsPlugin } from './announcements/plugin.ts';
import { authPlugin } from './auth/plugin.ts';
import { billingPlugin } from './billing/plugin.ts';
import { conversationsPlugin } from './conversations/plugin.ts';
import { eventsPlugin } from './events/plugin.ts';
import { filesPlugin } from './files/plugin.ts';
import { importsPlugin } from './imports/plugin.ts';
import { integrationsPlugin } from './integrations/plugin.ts';
import { mailNoticesPlugin } from './mail-notices/plugin.ts';
import { invitesPlugin } from './invites/plugin.ts';
import { linkPreviewsPlugin } from './link-previews/plugin.ts';
import { logsPlugin } from './logs/plugin.ts';
import { messagesPlugin } from './messages/plugin.ts';
import { moderationPlugin } from './moderation/plugin.ts';
import { notificationsPlugin } from './notifications/plugin.ts';
import { opsPlugin } from './ops/plugin.ts';
import { pollsPlugin } from './polls/plugin.ts';
import { pushPlugin } from './push/plugin.ts';
import { requestsPlugin } from './requests/plugin.ts';
import { statsPlugin } from './stats/plugin.ts';
import { syncPlugin } from './sync/plugin.ts';
import { usersPlugin } from './users/plugin.ts';

/**
 * Every domain of the server, each a `<domain>/plugin.ts` made by `domainPlugin` (domain.ts), in
 * the order app.ts registers them. A new domain is one line here. Operations come first: their
 * hooks must see every route. Bus subscribers run in this order for one event.
 */
export const DOMAINS = [
  opsPlugin,
  authPlugin,
  usersPlugin,
  adminPlugin,
  conversationsPlugin,
  messagesPlugin,
  filesPlugin,
  syncPlugin,
  logsPlugin,
  statsPlugin,
  billingPlugin,
  moderationPlugin,
  pollsPlugin,
  announcementsPlugin,
  notificationsPlugin,
  requestsPlugin,
  pushPlugin,
  mailNoticesPlugin,
  integrationsPlugin,
  eventsPlugin,
  importsPlugin,
  invitesPlugin,
  linkPreviewsPlugin,
];
