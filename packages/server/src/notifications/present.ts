import type { Notification } from '@stoop/shared';
import type { NotificationRow, UserRow } from '../db/schema/index.ts';
import { presentPublic } from '../users/present.ts';

/** The only way a notification leaves the server: the actor's public shape, never their email. */
export function presentNotification(row: NotificationRow, actor: UserRow | null): Notification {
  return {
    id: row.id,
    type: row.type,
    actor: actor ? presentPublic(actor) : null,
    conversationId: row.conversationId,
    messageId: row.messageId,
    announcementId: row.announcementId,
    text: row.text,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
