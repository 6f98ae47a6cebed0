import { and, count, desc, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  conversationMutes,
  conversationParticipants,
  conversations,
  messages,
  notifications,
  users,
  type ConversationRow,
  type NotificationRow,
  type UserRow,
} from '../db/schema/index.ts';

export type NewNotification = Pick<
  NotificationRow,
  'userId' | 'type' | 'actorId' | 'conversationId' | 'messageId' | 'announcementId' | 'text' | 'link'
>;

/** Rows per insert statement: PostgreSQL takes at most 65535 parameters in one. */
const INSERT_CHUNK = 1000;

/** Inserts; a source and reason already told to a recipient is skipped. Returns the rows written. */
export async function insertNotifications(db: DbOrTx, rows: NewNotification[]): Promise<NotificationRow[]> {
  const written: NotificationRow[] = [];
  for (let at = 0; at < rows.length; at += INSERT_CHUNK) {
    const chunk = rows.slice(at, at + INSERT_CHUNK);
    written.push(...(await db.insert(notifications).values(chunk).onConflictDoNothing().returning()));
  }
  return written;
}

/** One notification per approved resident except `exceptUserId`: an announcement reaches everyone. */
export async function insertForEveryApproved(
  db: DbOrTx,
  exceptUserId: string | null,
  values: Omit<NewNotification, 'userId'>,
): Promise<NotificationRow[]> {
  const approved = await db
    .select({ id: users.id })
    .from(users)
    .where(
      exceptUserId === null
        ? eq(users.isLocked, false)
        : and(eq(users.isLocked, false), sql`${users.id} <> ${exceptUserId}`),
    );
  return insertNotifications(
    db,
    approved.map((u) => ({ ...values, userId: u.id })),
  );
}

/** Those of `userIds` who muted the conversation. */
export async function mutedAmong(
  db: DbOrTx,
  conversationId: string,
  userIds: string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: conversationMutes.userId })
    .from(conversationMutes)
    .where(
      and(eq(conversationMutes.conversationId, conversationId), inArray(conversationMutes.userId, userIds)),
    );
  return new Set(rows.map((r) => r.userId));
}

/** The thread's first message's author and everyone who replied in it. */
export async function threadParticipantIds(db: DbOrTx, parentMessageId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: messages.userId })
    .from(messages)
    .where(
      and(
        sql`(${messages.id} = ${parentMessageId} or ${messages.parentMessageId} = ${parentMessageId})`,
        isNull(messages.deletedAt),
      ),
    );
  return rows.map((r) => r.userId);
}

/** The conversations the reader has notifications about, each with whether the reader takes part. */
export async function conversationsOfNotifications(
  db: DbOrTx,
  userId: string,
): Promise<{ conversation: ConversationRow; participant: boolean }[]> {
  const ids = db
    .selectDistinct({ id: notifications.conversationId })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  const rows = await db
    .select({ conversation: conversations, participantId: conversationParticipants.userId })
    .from(conversations)
    .leftJoin(
      conversationParticipants,
      and(
        eq(conversationParticipants.conversationId, conversations.id),
        eq(conversationParticipants.userId, userId),
      ),
    )
    .where(inArray(conversations.id, ids));
  return rows.map((r) => ({ conversation: r.conversation, participant: r.participantId !== null }));
}

/**
 * The reader's notifications that may be shown: theirs, not about a deleted message, not in a
 * conversation in `hiddenConversationIds` (unreadable or muted, decided by the service).
 */
function visibleTo(userId: string, hiddenConversationIds: string[]): SQL {
  const conditions = [
    eq(notifications.userId, userId),
    sql`(${notifications.messageId} is null or exists (
      select 1 from ${messages} m where m.id = ${notifications.messageId} and m.deleted_at is null))`,
  ];
  if (hiddenConversationIds.length > 0) {
    conditions.push(
      sql`(${notifications.conversationId} is null or ${notInArray(notifications.conversationId, hiddenConversationIds)})`,
    );
  }
  return and(...conditions) ?? sql`false`;
}

export type NotificationView = { row: NotificationRow; actor: UserRow | null };

export async function pageNotifications(
  db: DbOrTx,
  userId: string,
  hiddenConversationIds: string[],
  page: { limit: number; offset: number },
): Promise<NotificationView[]> {
  return db
    .select({ row: notifications, actor: users })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(visibleTo(userId, hiddenConversationIds))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countNotifications(
  db: DbOrTx,
  userId: string,
  hiddenConversationIds: string[],
): Promise<{ total: number; unread: number }> {
  const [row] = await db
    .select({ total: count(), unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)` })
    .from(notifications)
    .where(visibleTo(userId, hiddenConversationIds));
  return { total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0) };
}

/** Marks the reader's notifications read: those of `ids`, or all when `ids` is absent. */
export async function markNotificationsRead(db: DbOrTx, userId: string, ids?: string[]): Promise<void> {
  const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(ids ? and(mine, inArray(notifications.id, ids)) : mine);
}

export async function setMuted(db: DbOrTx, userId: string, conversationId: string, muted: boolean) {
  if (muted) {
    await db.insert(conversationMutes).values({ userId, conversationId }).onConflictDoNothing();
  } else {
    await db
      .delete(conversationMutes)
      .where(and(eq(conversationMutes.userId, userId), eq(conversationMutes.conversationId, conversationId)));
  }
}

export async function mutedConversationIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: conversationMutes.conversationId })
    .from(conversationMutes)
    .where(eq(conversationMutes.userId, userId));
  return rows.map((r) => r.id);
}
