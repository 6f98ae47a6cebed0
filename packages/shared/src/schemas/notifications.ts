import { z } from 'zod';
import { publicUserSchema } from './user.ts';

const NOTIFICATIONS_PAGE_SIZE = 20;
const MAX_NOTIFICATIONS_PAGE_SIZE = 100;
/** POST /api/notifications/mark-read takes at most this many ids at once. */
const MAX_NOTIFICATION_IDS = 200;

/**
 * Why a resident is told: mentioned in a message, a reply to their message or in a thread they
 * took part in, a like on their message, a new announcement, their account approved, the office
 * changing the status of their building request, an event they answered going or maybe to
 * starting soon.
 */
const notificationTypeSchema = z.enum([
  'mention',
  'reply',
  'like',
  'announcement',
  'approved',
  'request',
  'event',
]);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  type: notificationTypeSchema,
  /** Who caused it (public shape); null for the system or an account that is gone. */
  actor: publicUserSchema.nullable(),
  conversationId: z.string().nullable(),
  messageId: z.string().nullable(),
  announcementId: z.string().nullable(),
  /** One short line, e.g. "Ann mentioned you in #general". */
  text: z.string(),
  /** The web route that opens the source. */
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_NOTIFICATIONS_PAGE_SIZE).default(NOTIFICATIONS_PAGE_SIZE),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

/** GET /api/notifications: newest first; `unread` counts every unread one the reader may see. */
export const notificationsPageSchema = z.object({
  data: z.array(notificationSchema),
  total: z.number().int().nonnegative(),
  unread: z.number().int().nonnegative(),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

/** POST /api/notifications/mark-read: no body (or no ids) marks all read. */
export const markNotificationsReadBodySchema = z
  .object({
    ids: z.array(z.uuid('ids holds something that is not a notification id')).max(MAX_NOTIFICATION_IDS),
  })
  .partial()
  // No payload at all arrives as null.
  .nullish();
export const notificationsUnreadSchema = z.object({ unread: z.number().int().nonnegative() });

/** PUT /api/conversations/{id}/mute: a muted conversation notifies nothing and counts no badge. */
export const muteConversationBodySchema = z.object({ muted: z.boolean() });
export const conversationMuteSchema = z.object({ conversationId: z.string(), muted: z.boolean() });
/** GET /api/notifications/muted-conversations: the ids the reader muted. */
export const mutedConversationsSchema = z.object({ conversationIds: z.array(z.string()) });
