import type { Message, Notification } from '@stoop/shared';
import { conversationById, conversationTypeOf, participantIds } from '../conversations/service.ts';
import { messageLink, placeOf } from '../notifications/links.ts';
import type { ConversationRow } from '../db/schema/index.ts';
import { findUser } from '../users/service.ts';
import type { PushContext } from './http/context.ts';
import { pushForNotification } from './service.ts';

/** A push body shows the start of a message; the app shows the rest. */
const PREVIEW_CHARS = 140;

function preview(message: Message): string {
  const text = message.content.trim().replace(/\s+/g, ' ');
  if (text) return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;
  return message.fileName ? `Sent a file: ${message.fileName}` : 'Sent a message';
}

/**
 * R-PUSH-5: a stored in-app notification goes to the recipient's devices too. A mention or reply in
 * a direct conversation is left to pushDirectMessage, which pushes every message there once.
 * `known`: the notification's conversation as its notifier had it; read here when not given.
 */
export async function pushStoredNotification(
  ctx: PushContext,
  userId: string,
  notification: Notification,
  urgent: boolean,
  known?: Pick<ConversationRow, 'id' | 'type' | 'name'>,
): Promise<void> {
  const base = { userId, type: notification.type, body: notification.text, link: notification.link };
  if (!notification.conversationId) {
    const titles: Partial<Record<Notification['type'], string>> = {
      announcement: 'Announcement',
      request: 'Building request',
      event: 'Event reminder',
    };
    const title = titles[notification.type] ?? 'Stoop';
    await pushForNotification(ctx, {
      ...base,
      title,
      ...(urgent ? { urgent } : {}),
      ...(notification.announcementId ? { announcementId: notification.announcementId } : {}),
    });
    return;
  }
  const conversation =
    known?.id === notification.conversationId
      ? known
      : await conversationById(ctx.db, notification.conversationId);
  if (!conversation) return;
  // A direct conversation's messages are pushed by pushDirectMessage; likes and event reminders are not messages.
  if (conversation.type === 'direct' && notification.type !== 'like' && notification.type !== 'event') return;
  const place = placeOf(conversation);
  await pushForNotification(ctx, {
    ...base,
    title: place,
    conversationId: conversation.id,
    conversationName: place,
  });
}

/**
 * R-PUSH-5: a direct message goes to every other participant's devices (mute and presence as for
 * any push, R-PUSH-7), titled with its author and tagged with the conversation.
 */
export async function pushDirectMessage(ctx: PushContext, message: Message): Promise<void> {
  if (message.deletedAt || message.metadata.adminHidden) return;
  // Most messages are a channel's: known without a query (conversationTypeOf).
  if ((await conversationTypeOf(ctx.db, message.conversationId)) !== 'direct') return;
  const conversation = await conversationById(ctx.db, message.conversationId);
  if (!conversation) return;
  const [author, participants] = await Promise.all([
    findUser(ctx.db, message.userId),
    participantIds(ctx.db, conversation.id),
  ]);
  if (!author) return;
  const link = messageLink(conversation, message);
  await Promise.all(
    participants
      .filter((id) => id !== author.id)
      .map((userId) =>
        pushForNotification(ctx, {
          userId,
          type: 'direct',
          title: author.username,
          body: preview(message),
          link,
          conversationId: conversation.id,
          conversationName: `a direct message with ${author.username}`,
        }),
      ),
  );
}
