import type { Announcement, Message, NotificationsPage, NotificationsQuery } from '@stoop/shared';
import { canRead, requireConversationAccess } from '../access/index.ts';
import { conversationById } from '../conversations/service.ts';
import type { NotificationRow, UserRow } from '../db/schema/index.ts';
import type { NewsContext } from '../announcements/service.ts';
import { findUser } from '../users/service.ts';
import { ANNOUNCEMENTS_LINK, HOME_LINK, messageLink, placeOf } from './links.ts';
import { presentNotification } from './present.ts';
import * as repo from './repo.ts';

/** Publishes what was written, each to its recipient's sockets (realtime/news.ts). */
function tell(ctx: NewsContext, rows: NotificationRow[], actor: UserRow | null): void {
  for (const row of rows) {
    ctx.bus.publish('notification:new', {
      userId: row.userId,
      notification: presentNotification(row, actor),
    });
  }
}

/**
 * A new message: its mentions, then the thread's first author and repliers when it is a reply.
 * Never the author; nobody who muted the conversation. Whether each recipient may read it is
 * decided when they list notifications, so a later change of access is respected too.
 */
export async function notifyMessage(ctx: NewsContext, message: Message): Promise<void> {
  if (message.deletedAt) return;
  const [conversation, author] = await Promise.all([
    conversationById(ctx.db, message.conversationId),
    findUser(ctx.db, message.userId),
  ]);
  if (!conversation || !author) return;
  const mentioned = message.metadata.mentionedUsers.filter((id) => id !== author.id);
  const repliedTo = message.parentMessageId
    ? (await repo.threadParticipantIds(ctx.db, message.parentMessageId)).filter(
        (id) => id !== author.id && !mentioned.includes(id),
      )
    : [];
  const muted = await repo.mutedAmong(ctx.db, conversation.id, [...mentioned, ...repliedTo]);
  const source = {
    actorId: author.id,
    conversationId: conversation.id,
    messageId: message.id,
    announcementId: null,
    link: messageLink(conversation, message),
  };
  const place = placeOf(conversation);
  const rows = await repo.insertNotifications(ctx.db, [
    ...mentioned
      .filter((id) => !muted.has(id))
      .map((userId) => ({
        ...source,
        userId,
        type: 'mention' as const,
        text: `${author.username} mentioned you in ${place}`,
      })),
    ...repliedTo
      .filter((id) => !muted.has(id))
      .map((userId) => ({
        ...source,
        userId,
        type: 'reply' as const,
        text: `${author.username} replied in a thread in ${place}`,
      })),
  ]);
  tell(ctx, rows, author);
}

/**
 * A like: the message's author hears of the newest liker (likedBy is oldest first). An unlike
 * publishes the same event; its newest liker was told already and the unique index skips it.
 */
export async function notifyLike(ctx: NewsContext, message: Message): Promise<void> {
  const likerId = message.likedBy.at(-1);
  if (!likerId || likerId === message.userId || message.deletedAt) return;
  const [conversation, liker] = await Promise.all([
    conversationById(ctx.db, message.conversationId),
    findUser(ctx.db, likerId),
  ]);
  if (!conversation || !liker) return;
  if ((await repo.mutedAmong(ctx.db, conversation.id, [message.userId])).size > 0) return;
  const rows = await repo.insertNotifications(ctx.db, [
    {
      userId: message.userId,
      type: 'like',
      actorId: liker.id,
      conversationId: conversation.id,
      messageId: message.id,
      announcementId: null,
      text: `${liker.username} liked your message in ${placeOf(conversation)}`,
      link: messageLink(conversation, message),
    },
  ]);
  tell(ctx, rows, liker);
}

/** A new announcement: every approved resident but its author (no mute applies to announcements). */
export async function notifyAnnouncement(ctx: NewsContext, announcement: Announcement): Promise<void> {
  const authorId = announcement.author?.id ?? null;
  const author = authorId ? await findUser(ctx.db, authorId) : undefined;
  const prefix = announcement.urgent ? 'Urgent announcement' : 'New announcement';
  const rows = await repo.insertForEveryApproved(ctx.db, authorId, {
    type: 'announcement',
    actorId: authorId,
    conversationId: null,
    messageId: null,
    announcementId: announcement.id,
    text: `${prefix}: ${announcement.title}`,
    link: ANNOUNCEMENTS_LINK,
  });
  tell(ctx, rows, author ?? null);
}

export async function notifyApproval(ctx: NewsContext, userId: string, actorId: string): Promise<void> {
  const actor = await findUser(ctx.db, actorId);
  const rows = await repo.insertNotifications(ctx.db, [
    {
      userId,
      type: 'approved',
      actorId,
      conversationId: null,
      messageId: null,
      announcementId: null,
      text: 'Your account was approved. Welcome to the community!',
      link: HOME_LINK,
    },
  ]);
  tell(ctx, rows, actor ?? null);
}

/**
 * Conversations whose notifications the reader must not see now: those the access rule of
 * access/ no longer lets them read (a hidden channel, a direct conversation they
 * left) and those they muted.
 */
async function hiddenConversationIds(ctx: NewsContext, viewer: UserRow): Promise<string[]> {
  const [concerned, muted] = await Promise.all([
    repo.conversationsOfNotifications(ctx.db, viewer.id),
    repo.mutedConversationIds(ctx.db, viewer.id),
  ]);
  const unreadable = concerned
    .filter(({ conversation, participant }) => !canRead(conversation, viewer, participant))
    .map(({ conversation }) => conversation.id);
  return [...new Set([...unreadable, ...muted])];
}

/** GET /api/notifications: newest first; `total` and `unread` count only what may be shown. */
export async function listNotifications(
  ctx: NewsContext,
  viewer: UserRow,
  query: NotificationsQuery,
): Promise<NotificationsPage> {
  const hidden = await hiddenConversationIds(ctx, viewer);
  const [views, counts] = await Promise.all([
    repo.pageNotifications(ctx.db, viewer.id, hidden, {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    }),
    repo.countNotifications(ctx.db, viewer.id, hidden),
  ]);
  return { data: views.map((v) => presentNotification(v.row, v.actor)), ...counts };
}

/** POST /api/notifications/mark-read: the given ids (only the reader's own), or all. */
export async function markRead(ctx: NewsContext, viewer: UserRow, ids?: string[]): Promise<number> {
  await repo.markNotificationsRead(ctx.db, viewer.id, ids);
  const hidden = await hiddenConversationIds(ctx, viewer);
  return (await repo.countNotifications(ctx.db, viewer.id, hidden)).unread;
}

/** PUT /api/conversations/{id}/mute: only a conversation the reader may read (else 404). */
export async function setMuted(
  ctx: NewsContext,
  viewer: UserRow,
  conversationId: string,
  muted: boolean,
): Promise<{ conversationId: string; muted: boolean }> {
  await requireConversationAccess(ctx.db, viewer, conversationId, 'read');
  await repo.setMuted(ctx.db, viewer.id, conversationId, muted);
  return { conversationId, muted };
}

export async function mutedConversations(ctx: NewsContext, viewer: UserRow): Promise<string[]> {
  return repo.mutedConversationIds(ctx.db, viewer.id);
}
