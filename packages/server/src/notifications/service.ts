import type {
  Announcement,
  BuildingRequest,
  Message,
  NotificationsPage,
  NotificationsQuery,
} from '@stoop/shared';
import type { RequestChange } from '../bus.ts';
import { canRead, requireConversationAccess } from '../access/index.ts';
import { conversationById } from '../conversations/service.ts';
import type { DbOrTx } from '../db/client.ts';
import type { ConversationRow, NotificationRow, UserRow } from '../db/schema/index.ts';
import { recordRecipients } from '../announcements/service.ts';
import type { Context } from '../context.ts';
import { findUser } from '../users/service.ts';
import { statusLabel } from '../requests/service.ts';
import { ANNOUNCEMENTS_LINK, HOME_LINK, messageLink, placeOf, requestLink } from './links.ts';
import { presentNotification } from './present.ts';
import * as repo from './repo.ts';
import { readSnapshot } from '../db/snapshot.ts';

/** Publishes what was written, each to its recipient's sockets (notifications/sockets.ts). */
function tell(
  ctx: Context,
  rows: NotificationRow[],
  actor: UserRow | null,
  options: { urgent?: boolean; conversation?: Pick<ConversationRow, 'id' | 'type' | 'name'> } = {},
): void {
  const { urgent, conversation } = options;
  for (const row of rows) {
    ctx.bus.publish('notification:new', {
      userId: row.userId,
      notification: presentNotification(row, actor),
      ...(urgent ? { urgent: true } : {}),
      ...(conversation
        ? { conversation: { id: conversation.id, type: conversation.type, name: conversation.name } }
        : {}),
    });
  }
}

/**
 * A new message: its mentions, then the thread's first author and repliers when it is a reply.
 * Never the author; nobody who muted the conversation. Whether each recipient may read it is
 * decided when they list notifications, so a later change of access is respected too.
 */
export async function notifyMessage(ctx: Context, message: Message): Promise<void> {
  if (message.deletedAt) return;
  // Nobody to tell (no one else mentioned, not a reply): most messages, and no query for them.
  if (!message.parentMessageId && message.metadata.mentionedUsers.every((id) => id === message.userId))
    return;
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
  tell(ctx, rows, author, { conversation });
}

/**
 * A like: the message's author hears of the newest liker (likedBy is oldest first). An unlike
 * publishes the same event; its newest liker was told already and the unique index skips it.
 */
export async function notifyLike(ctx: Context, message: Message): Promise<void> {
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
  tell(ctx, rows, liker, { conversation });
}

/** A new announcement: every approved resident but its author (no mute applies to announcements). */
export async function notifyAnnouncement(ctx: Context, announcement: Announcement): Promise<void> {
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
  // Everyone told is on its receipts.
  await recordRecipients(
    ctx,
    announcement.id,
    rows.map((row) => row.userId),
  );
  tell(ctx, rows, author ?? null, { urgent: announcement.urgent });
}

/** An admin's reminder to those who have not seen an announcement: told once more. */
export async function notifyAnnouncementReminder(
  ctx: Context,
  announcement: Announcement,
  userIds: string[],
): Promise<void> {
  const authorId = announcement.author?.id ?? null;
  const author = authorId ? await findUser(ctx.db, authorId) : undefined;
  const rows = await repo.insertNotifications(
    ctx.db,
    userIds.map((userId) => ({
      userId,
      type: 'announcement' as const,
      actorId: authorId,
      conversationId: null,
      messageId: null,
      announcementId: announcement.id,
      text: `Reminder: ${announcement.title}`,
      link: ANNOUNCEMENTS_LINK,
    })),
  );
  tell(ctx, rows, author ?? null, { urgent: announcement.urgent });
}

export async function notifyApproval(ctx: Context, userId: string, actorId: string): Promise<void> {
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

/** A notification is one short line; a long note is cut (the request shows it whole). */
const NOTIFICATION_TEXT_MAX = 280;

/**
 * R-REQ-7 A building request changed: its requester (and only they) hears of a status change or a
 * note by the office; never of their own action (filing, cancelling, their own follow-up).
 */
export async function notifyRequestChange(
  ctx: Context,
  request: BuildingRequest,
  requesterId: string,
  change: RequestChange,
): Promise<void> {
  if (change.actorId === requesterId || change.kind === 'filed') return;
  const title = `“${request.title}”`;
  const text =
    change.kind === 'status'
      ? `The office marked your request ${title} ${statusLabel(change.to)}${change.note ? `: ${change.note}` : ''}`
      : `The office added a note to your request ${title}: ${change.text}`;
  const actor = await findUser(ctx.db, change.actorId);
  const rows = await repo.insertNotifications(ctx.db, [
    {
      userId: requesterId,
      type: 'request',
      actorId: change.actorId,
      conversationId: null,
      messageId: null,
      announcementId: null,
      text: text.length > NOTIFICATION_TEXT_MAX ? `${text.slice(0, NOTIFICATION_TEXT_MAX - 1)}…` : text,
      link: requestLink(request.id),
    },
  ]);
  tell(ctx, rows, actor ?? null);
}

/**
 * Conversations whose notifications the reader must not see now: those the access rule of
 * access/ no longer lets them read (a hidden channel, a direct conversation they
 * left) and those they muted.
 */
async function hiddenConversationIds(db: DbOrTx, viewer: UserRow): Promise<string[]> {
  const [concerned, muted] = await Promise.all([
    repo.conversationsOfNotifications(db, viewer.id),
    repo.mutedConversationIds(db, viewer.id),
  ]);
  const unreadable = concerned
    .filter(({ conversation, participant }) => !canRead(conversation, viewer, participant))
    .map(({ conversation }) => conversation.id);
  return [...new Set([...unreadable, ...muted])];
}

/** GET /api/notifications: newest first; `total` and `unread` count only what may be shown. */
export async function listNotifications(
  ctx: Context,
  viewer: UserRow,
  query: NotificationsQuery,
): Promise<NotificationsPage> {
  const [views, counts] = await readSnapshot(ctx.db, async (tx) => {
    const hidden = await hiddenConversationIds(tx, viewer);
    const page = await repo.pageNotifications(tx, viewer.id, hidden, {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    return [page, await repo.countNotifications(tx, viewer.id, hidden)] as const;
  });
  return { data: views.map((v) => presentNotification(v.row, v.actor)), ...counts };
}

/** POST /api/notifications/mark-read: the given ids (only the reader's own), or all. */
export async function markRead(ctx: Context, viewer: UserRow, ids?: string[]): Promise<number> {
  await repo.markNotificationsRead(ctx.db, viewer.id, ids);
  const hidden = await hiddenConversationIds(ctx.db, viewer);
  return (await repo.countNotifications(ctx.db, viewer.id, hidden)).unread;
}

/** PUT /api/conversations/{id}/mute: only a conversation the reader may read (else 404). */
export async function setMuted(
  ctx: Context,
  viewer: UserRow,
  conversationId: string,
  muted: boolean,
): Promise<{ conversationId: string; muted: boolean }> {
  await requireConversationAccess(ctx.db, viewer, conversationId, 'read');
  await repo.setMuted(ctx.db, viewer.id, conversationId, muted);
  return { conversationId, muted };
}

/** Those of `userIds` who muted the conversation (push asks before queuing). */
export function mutedAmong(ctx: Pick<Context, 'db'>, conversationId: string, userIds: string[]) {
  return repo.mutedAmong(ctx.db, conversationId, userIds);
}

export async function mutedConversations(ctx: Context, viewer: UserRow): Promise<string[]> {
  return repo.mutedConversationIds(ctx.db, viewer.id);
}

/**
 * An event starts soon: each of `userIds` (who answered going or maybe, each reminder
 * claimed once by the scheduler) is told, with the event's conversation so the read rule applies.
 */
export async function notifyEventReminder(
  ctx: Context,
  event: {
    id: string;
    title: string;
    location: string;
    startsAt: Date;
    conversationId: string | null;
    link: string;
  },
  userIds: string[],
  now: Date,
): Promise<void> {
  if (userIds.length === 0) return;
  const minutes = Math.max(1, Math.round((event.startsAt.getTime() - now.getTime()) / 60_000));
  const text = `“${event.title}” starts in ${minutes} minute${minutes === 1 ? '' : 's'} at ${event.location}`;
  const rows = await repo.insertNotifications(
    ctx.db,
    userIds.map((userId) => ({
      userId,
      type: 'event' as const,
      actorId: null,
      conversationId: event.conversationId,
      messageId: null,
      announcementId: null,
      text: text.length > NOTIFICATION_TEXT_MAX ? `${text.slice(0, NOTIFICATION_TEXT_MAX - 1)}…` : text,
      link: event.link,
    })),
  );
  tell(ctx, rows, null);
}

/**
 * An event was changed or cancelled: each of `userIds` (who answered going or maybe,
 * the one who made the change left out by the caller) is told, as for a reminder.
 */
export async function notifyEventChange(
  ctx: Context,
  event: { title: string; conversationId: string | null; link: string },
  change: 'updated' | 'cancelled',
  userIds: string[],
  actor: UserRow,
): Promise<void> {
  if (userIds.length === 0) return;
  const text =
    change === 'cancelled'
      ? `“${event.title}” was cancelled`
      : `“${event.title}” has changed: see its new time and place`;
  const rows = await repo.insertNotifications(
    ctx.db,
    userIds.map((userId) => ({
      userId,
      type: 'event' as const,
      actorId: actor.id,
      conversationId: event.conversationId,
      messageId: null,
      announcementId: null,
      text: text.length > NOTIFICATION_TEXT_MAX ? `${text.slice(0, NOTIFICATION_TEXT_MAX - 1)}…` : text,
      link: event.link,
    })),
  );
  tell(ctx, rows, actor);
}

/** R-NATIVE-9: the unread notifications the bell would show the resident, for an app icon's badge. */
export async function unreadNotificationCount(db: DbOrTx, userId: string): Promise<number> {
  const viewer = await findUser(db, userId);
  if (!viewer) return 0;
  return (await repo.countNotifications(db, viewer.id, await hiddenConversationIds(db, viewer))).unread;
}
