/**
 * The HTTP calls of the API without their schemas: method, path, access rule and body encoding.
 * It stays free of zod so the web client can import it in the first-load bundle; the schemas of
 * each call are in ./contract.ts, keyed by the same names, and ./table.ts joins the two halves
 * into the one route table the server serves and the web client calls.
 */
import { authRoutes } from './calls/auth-routes.ts';
import { usersRoutes } from './calls/users-routes.ts';
import { adminRoutes } from './calls/admin-routes.ts';
import { conversationsRoutes } from './calls/conversations-routes.ts';
import { messagesRoutes } from './calls/messages-routes.ts';
import { filesRoutes } from './calls/files-routes.ts';
import { logsRoutes } from './calls/logs-routes.ts';
import { announcementsRoutes } from './calls/announcements-routes.ts';
import { integrationsRoutes } from './calls/integrations-routes.ts';
import { notificationsRoutes } from './calls/notifications-routes.ts';
import { pushRoutes } from './calls/push-routes.ts';
import { statsRoutes } from './calls/stats-routes.ts';
import { moderationRoutes } from './calls/moderation-routes.ts';
import { directoryRoutes } from './calls/directory-routes.ts';
import { approvalRoutes } from './calls/approval-routes.ts';
import { pollsRoutes } from './calls/polls-routes.ts';
import { requestsRoutes } from './calls/requests-routes.ts';
import { eventsRoutes } from './calls/events-routes.ts';
import { moveinRoutes } from './calls/movein-routes.ts';
import type { RouteInfo } from './calls/route-info.ts';

export type { RouteInfo };

/** Every call, by domain (./calls/<domain>-routes.ts). */
export const API_ROUTES = {
  ...authRoutes,
  ...usersRoutes,
  ...adminRoutes,
  ...conversationsRoutes,
  ...messagesRoutes,
  ...filesRoutes,
  ...logsRoutes,
  ...announcementsRoutes,
  ...integrationsRoutes,
  ...notificationsRoutes,
  ...pushRoutes,
  ...statsRoutes,
  ...moderationRoutes,
  ...directoryRoutes,
  ...approvalRoutes,
  ...pollsRoutes,
  ...requestsRoutes,
  ...eventsRoutes,
  ...moveinRoutes,
} as const satisfies Record<string, RouteInfo>;

export type CallName = keyof typeof API_ROUTES;

export const CALL_NAMES = Object.keys(API_ROUTES) as CallName[];

export { fillPath } from './fill-path.ts';
