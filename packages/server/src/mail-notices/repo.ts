import { alias } from 'drizzle-orm/pg-core';
import { and, eq, gte, inArray, isNull, lte, min, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  announcementReads,
  announcementReceipts,
  announcements,
  conversationMutes,
  conversationParticipants,
  conversations,
  mailItems,
  messages,
  notifications,
  users,
  type MailItemRow,
} from '../db/schema/index.ts';

export type NewMailItem = Pick<
  MailItemRow,
  | 'userId'
  | 'kind'
  | 'messageId'
  | 'announcementId'
  | 'notificationId'
  | 'text'
  | 'link'
  | 'actorId'
  | 'dueAt'
>;

/** Queues items; one already waiting for the same resident and source is kept as it is. */
export async function insertItems(db: DbOrTx, items: NewMailItem[]): Promise<number> {
  if (items.length === 0) return 0;
  const rows = await db.insert(mailItems).values(items).onConflictDoNothing().returning({ id: mailItems.id });
  return rows.length;
}

/** The earliest time a waiting item of each resident falls due, among those not due yet. */
export async function openWindows(db: DbOrTx, userIds: string[], now: Date): Promise<Map<string, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: mailItems.userId, dueAt: min(mailItems.dueAt) })
    .from(mailItems)
    .where(and(inArray(mailItems.userId, userIds), isNull(mailItems.sentAt), gte(mailItems.dueAt, now)))
    .groupBy(mailItems.userId);
  return new Map(rows.flatMap((r) => (r.dueAt ? [[r.userId, r.dueAt] as const] : [])));
}

/**
 * Pulls each resident's waiting items that fall due in `[from, to]` onto the earliest of them. Two
 * instances queueing at the same moment each miss the other's open window; each aligns after its
 * own insert over a range that reaches the other's row (service.ts), so the burst is still one
 * mail. Urgent items keep their own (shorter) delay.
 */
export async function alignWindows(db: DbOrTx, userIds: string[], from: Date, to: Date): Promise<void> {
  if (userIds.length === 0) return;
  const inWindow = and(
    isNull(mailItems.sentAt),
    isNull(mailItems.claimedUntil),
    sql`${mailItems.kind} <> 'urgent'`,
    gte(mailItems.dueAt, from),
    lte(mailItems.dueAt, to),
  );
  await db
    .update(mailItems)
    .set({
      dueAt: sql`(select min(e.due_at) from mail_items e where e.user_id = ${mailItems.userId}
        and e.sent_at is null and e.claimed_until is null and e.kind <> 'urgent'
        and e.due_at >= ${from} and e.due_at <= ${to})`,
    })
    .where(and(inArray(mailItems.userId, userIds), inWindow));
}

/**
 * Claims the due items of up to `users` residents for `leaseMs`. A row another instance claimed
 * meanwhile is checked again after its lock and left out, so no item is claimed twice while a lease
 * holds (a crashed instance's lease runs out and the items come back).
 */
export async function claimDue(
  db: DbOrTx,
  now: Date,
  leaseMs: number,
  users: number,
): Promise<MailItemRow[]> {
  const free = and(
    isNull(mailItems.sentAt),
    lte(mailItems.dueAt, now),
    or(isNull(mailItems.claimedUntil), sql`${mailItems.claimedUntil} < ${now}`),
  );
  const due = db.selectDistinct({ userId: mailItems.userId }).from(mailItems).where(free).limit(users);
  return db
    .update(mailItems)
    .set({ claimedUntil: new Date(now.getTime() + leaseMs) })
    .where(and(free, inArray(mailItems.userId, due)))
    .returning();
}

/** Done with items: mailed (`dropped` null) or left out for a reason; never looked at again. */
export async function finishItems(
  db: DbOrTx,
  ids: string[],
  at: Date,
  dropped: string | null,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailItems)
    .set({ sentAt: at, dropped, claimedUntil: null })
    .where(inArray(mailItems.id, ids));
}

/** Gives items back to the queue with a new due time (quiet hours). */
export async function postponeItems(db: DbOrTx, ids: string[], dueAt: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.update(mailItems).set({ dueAt, claimedUntil: null }).where(inArray(mailItems.id, ids));
}

/** Releases a claim after a failed send, so the next round tries again. */
export async function releaseItems(db: DbOrTx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(mailItems).set({ claimedUntil: null }).where(inArray(mailItems.id, ids));
}

const author = alias(users, 'author');

/** What a mail needs of each message item, with the facts its checks judge (read, access, mute). */
export async function messageFacts(db: DbOrTx, userId: string, messageIds: string[]) {
  if (messageIds.length === 0) return [];
  return db
    .select({
      id: messages.id,
      content: messages.content,
      deletedAt: messages.deletedAt,
      adminHidden: messages.adminHidden,
      createdSeq: messages.createdSeq,
      createdAt: messages.createdAt,
      authorName: author.username,
      conversation: {
        id: conversations.id,
        type: conversations.type,
        name: conversations.name,
        adminHidden: conversations.adminHidden,
      },
      participant: sql<boolean>`${conversationParticipants.userId} is not null`,
      lastReadSeq: conversationParticipants.lastReadSeq,
      muted: sql<boolean>`${conversationMutes.userId} is not null`,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .leftJoin(author, eq(author.id, messages.userId))
    .leftJoin(
      conversationParticipants,
      and(
        eq(conversationParticipants.conversationId, conversations.id),
        eq(conversationParticipants.userId, userId),
      ),
    )
    .leftJoin(
      conversationMutes,
      and(eq(conversationMutes.conversationId, conversations.id), eq(conversationMutes.userId, userId)),
    )
    .where(inArray(messages.id, messageIds));
}

/** An announcement item's text and whether the resident has opened or acknowledged it. */
export async function announcementFacts(db: DbOrTx, userId: string, announcementIds: string[]) {
  if (announcementIds.length === 0) return [];
  return db
    .select({
      id: announcements.id,
      title: announcements.title,
      body: announcements.body,
      urgent: announcements.urgent,
      sentAt: announcements.sentAt,
      authorName: users.username,
      seen: sql<boolean>`(${announcementReads.userId} is not null or ${announcementReceipts.acknowledgedAt} is not null)`,
    })
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.authorId))
    .leftJoin(
      announcementReads,
      and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, userId)),
    )
    .leftJoin(
      announcementReceipts,
      and(eq(announcementReceipts.announcementId, announcements.id), eq(announcementReceipts.userId, userId)),
    )
    .where(inArray(announcements.id, announcementIds));
}

/** The notifications items mirror: read in the app, and the conversation whose access applies. */
export async function notificationFacts(db: DbOrTx, userId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: notifications.id,
      read: sql<boolean>`${notifications.readAt} is not null`,
      conversation: {
        type: conversations.type,
        adminHidden: conversations.adminHidden,
      },
      participant: sql<boolean>`${conversationParticipants.userId} is not null`,
    })
    .from(notifications)
    .leftJoin(conversations, eq(conversations.id, notifications.conversationId))
    .leftJoin(
      conversationParticipants,
      and(
        eq(conversationParticipants.conversationId, conversations.id),
        eq(conversationParticipants.userId, userId),
      ),
    )
    .where(and(inArray(notifications.id, ids), eq(notifications.userId, userId)));
}
