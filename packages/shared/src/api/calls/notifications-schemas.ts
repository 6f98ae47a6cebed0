/** The schemas of the calls of notifications, keyed like ./notifications-routes.ts. */
import { conversationIdParamsSchema } from '../../schemas/chat.ts';
import {
  notificationSettingsResponseSchema,
  notificationSettingsSchema,
  unsubscribeQuerySchema,
  unsubscribeResponseSchema,
} from '../../schemas/notification-settings.ts';
import {
  conversationMuteSchema,
  markNotificationsReadBodySchema,
  muteConversationBodySchema,
  mutedConversationsSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
  notificationsUnreadSchema,
} from '../../schemas/notifications.ts';
import { type RouteSchemas, error, guarded } from './contract-parts.ts';

export const notificationsSchemas = {
  getNotificationSettings: { response: { 200: notificationSettingsResponseSchema, ...guarded } },
  updateNotificationSettings: {
    body: notificationSettingsSchema,
    response: { 200: notificationSettingsResponseSchema, ...guarded },
  },
  // The body is `List-Unsubscribe=One-Click` as a form (RFC 8058); only the token matters.
  unsubscribeMail: {
    query: unsubscribeQuerySchema,
    response: { 200: unsubscribeResponseSchema, 400: error, 404: error, 429: error },
  },

  listNotifications: {
    query: notificationsQuerySchema,
    response: { 200: notificationsPageSchema, ...guarded },
  },
  markNotificationsRead: {
    body: markNotificationsReadBodySchema,
    response: { 200: notificationsUnreadSchema, ...guarded },
  },
  listMutedConversations: { response: { 200: mutedConversationsSchema, ...guarded } },
  muteConversation: {
    params: conversationIdParamsSchema,
    body: muteConversationBodySchema,
    response: { 200: conversationMuteSchema, ...guarded },
  },
} as const satisfies Record<string, RouteSchemas>;
