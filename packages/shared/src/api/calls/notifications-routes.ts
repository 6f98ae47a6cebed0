/** The calls of notifications: method, path, access and body encoding; no zod (see ../routes.ts). */
import type { RouteInfo } from './route-info.ts';

export const notificationsRoutes = {
  getNotificationSettings: {
    method: 'GET',
    path: '/api/notification-settings',
    access: 'user',
    encoding: 'none',
    tag: 'notifications',
    summary: 'The reader’s notification settings: push and mail per kind, daily digest, quiet hours',
  },
  updateNotificationSettings: {
    method: 'PUT',
    path: '/api/notification-settings',
    access: 'user',
    encoding: 'json',
    tag: 'notifications',
    summary: 'Replace the reader’s notification settings',
  },
  unsubscribeMail: {
    method: 'POST',
    path: '/api/unsubscribe',
    access: 'public',
    csrf: false,
    encoding: 'none',
    tag: 'notifications',
    summary: 'One-click unsubscribe from notification mail (RFC 8058): the signed token is the authority',
  },
  listNotifications: {
    method: 'GET',
    path: '/api/notifications',
    access: 'user',
    encoding: 'none',
    tag: 'notifications',
    summary: 'The reader’s notifications, newest first, with the unread count',
  },
  markNotificationsRead: {
    method: 'POST',
    path: '/api/notifications/mark-read',
    access: 'user',
    encoding: 'json',
    tag: 'notifications',
    summary: 'Mark notifications read: {ids} marks those, no payload marks all',
  },
  listMutedConversations: {
    method: 'GET',
    path: '/api/notifications/muted-conversations',
    access: 'user',
    encoding: 'none',
    tag: 'notifications',
    summary: 'The conversations the reader muted',
  },
  muteConversation: {
    method: 'PUT',
    path: '/api/conversations/:id/mute',
    access: 'user',
    encoding: 'json',
    tag: 'notifications',
    summary: 'Mute or unmute a conversation: a muted one notifies nothing and counts no badge',
  },
} as const satisfies Record<string, RouteInfo>;
