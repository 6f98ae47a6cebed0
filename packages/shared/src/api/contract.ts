/**
 * The schemas of every call in ./routes.ts, keyed by the same names: path parameters, query, JSON
 * body, multipart fields and the answers by status (errors are the common apiErrorSchema body).
 */
import { authSchemas } from './calls/auth-schemas.ts';
import { usersSchemas } from './calls/users-schemas.ts';
import { adminSchemas } from './calls/admin-schemas.ts';
import { conversationsSchemas } from './calls/conversations-schemas.ts';
import { messagesSchemas } from './calls/messages-schemas.ts';
import { filesSchemas } from './calls/files-schemas.ts';
import { logsSchemas } from './calls/logs-schemas.ts';
import { announcementsSchemas } from './calls/announcements-schemas.ts';
import { integrationsSchemas } from './calls/integrations-schemas.ts';
import { notificationsSchemas } from './calls/notifications-schemas.ts';
import { pushSchemas } from './calls/push-schemas.ts';
import { statsSchemas } from './calls/stats-schemas.ts';
import { moderationSchemas } from './calls/moderation-schemas.ts';
import { directorySchemas } from './calls/directory-schemas.ts';
import { approvalSchemas } from './calls/approval-schemas.ts';
import { pollsSchemas } from './calls/polls-schemas.ts';
import { requestsSchemas } from './calls/requests-schemas.ts';
import { eventsSchemas } from './calls/events-schemas.ts';
import { moveinSchemas } from './calls/movein-schemas.ts';
import type { RouteSchemas } from './calls/contract-parts.ts';
import type { CallName } from './routes.ts';

export type { RouteSchemas };

/** The schemas of every call, by domain (./calls/<domain>-schemas.ts). */
export const API_SCHEMAS = {
  ...authSchemas,
  ...usersSchemas,
  ...adminSchemas,
  ...conversationsSchemas,
  ...messagesSchemas,
  ...filesSchemas,
  ...logsSchemas,
  ...announcementsSchemas,
  ...integrationsSchemas,
  ...notificationsSchemas,
  ...pushSchemas,
  ...statsSchemas,
  ...moderationSchemas,
  ...directorySchemas,
  ...approvalSchemas,
  ...pollsSchemas,
  ...requestsSchemas,
  ...eventsSchemas,
  ...moveinSchemas,
} as const satisfies { [N in CallName]: RouteSchemas };
