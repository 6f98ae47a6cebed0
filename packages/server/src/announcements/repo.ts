import { and, count, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  announcementReads,
  announcementReceipts,
  announcements,
  users,
  type AnnouncementRow,
  type UserRow,
} from '../db/schema/index.ts';

/** An announcement with what its presentation needs: the author row and the reader's read state. */
export type AnnouncementView = {
  row: AnnouncementRow;
  author: UserRow | null;
  read: boolean;
  acknowledged: boolean;
};

export type NewAnnouncement = Pick<
  AnnouncementRow,
  'title' | 'body' | 'authorId' | 'pinned' | 'urgent' | 'sendAt' | 'sentAt'
>;
export type AnnouncementPatch = Partial<
  Pick<AnnouncementRow, 'title' | 'body' | 'pinned' | 'urgent' | 'sendAt' | 'sentAt'>
>;

/** Residents see only what went out; admins also what waits for its time. */
const visibleTo = (admin: boolean) => (admin ? undefined : isNotNull(announcements.sentAt));

export async function insertAnnouncement(db: DbOrTx, values: NewAnnouncement): Promise<AnnouncementRow> {
  const [row] = await db.insert(announcements).values(values).returning();
  if (!row) throw new Error('insert into announcements returned no row');
  return row;
}

export async function updateAnnouncement(
  db: DbOrTx,
  id: string,
  patch: AnnouncementPatch,
): Promise<AnnouncementRow | undefined> {
  const [row] = await db
    .update(announcements)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(announcements.id, id))
    .returning();
  return row;
}

export async function deleteAnnouncement(db: DbOrTx, id: string): Promise<AnnouncementRow | undefined> {
  const [row] = await db.delete(announcements).where(eq(announcements.id, id)).returning();
  return row;
}

/** One announcement as `viewerId` sees it. */
export async function findAnnouncementView(
  db: DbOrTx,
  id: string,
  viewerId: string,
): Promise<AnnouncementView | undefined> {
  const [found] = await viewQuery(db, viewerId).where(eq(announcements.id, id));
  return found ? toView(found) : undefined;
}

/** A page in the list's order: pinned first, then newest first (id breaks ties). */
export async function pageAnnouncements(
  db: DbOrTx,
  viewerId: string,
  page: { limit: number; offset: number; admin: boolean },
): Promise<AnnouncementView[]> {
  const rows = await viewQuery(db, viewerId)
    .where(visibleTo(page.admin))
    .orderBy(desc(announcements.pinned), desc(announcements.createdAt), desc(announcements.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toView);
}

export async function countAnnouncements(db: DbOrTx, admin: boolean): Promise<number> {
  const [row] = await db.select({ n: count() }).from(announcements).where(visibleTo(admin));
  return Number(row?.n ?? 0);
}

export async function countUnreadAnnouncements(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(announcements)
    .leftJoin(
      announcementReads,
      and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, userId)),
    )
    .where(and(sql`${announcementReads.userId} is null`, isNotNull(announcements.sentAt)));
  return Number(row?.n ?? 0);
}

/** Marks one read (idempotent). */
export async function markAnnouncementRead(
  db: DbOrTx,
  userId: string,
  announcementId: string,
): Promise<void> {
  await db.insert(announcementReads).values({ userId, announcementId }).onConflictDoNothing();
}

/** Marks every announcement read for one reader (idempotent). */
export async function markAllAnnouncementsRead(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`
    insert into ${announcementReads} (announcement_id, user_id)
    select a.id, ${userId} from ${announcements} a where a.sent_at is not null
    on conflict do nothing`);
}

function viewQuery(db: DbOrTx, viewerId: string) {
  return db
    .select({
      row: announcements,
      author: users,
      readAt: announcementReads.readAt,
      acknowledgedAt: announcementReceipts.acknowledgedAt,
    })
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.authorId))
    .leftJoin(
      announcementReads,
      and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, viewerId)),
    )
    .leftJoin(
      announcementReceipts,
      and(
        eq(announcementReceipts.announcementId, announcements.id),
        eq(announcementReceipts.userId, viewerId),
      ),
    )
    .$dynamic();
}

function toView(found: {
  row: AnnouncementRow;
  author: UserRow | null;
  readAt: Date | null;
  acknowledgedAt: Date | null;
}): AnnouncementView {
  return {
    row: found.row,
    author: found.author,
    read: found.readAt !== null,
    acknowledged: found.acknowledgedAt !== null,
  };
}

/** Urgent ones sent since `since` that the viewer has not acknowledged, newest first. */
export async function pendingUrgent(db: DbOrTx, viewerId: string, since: Date): Promise<AnnouncementView[]> {
  const rows = await viewQuery(db, viewerId)
    .where(
      and(
        eq(announcements.urgent, true),
        gte(announcements.sentAt, since),
        isNull(announcementReceipts.acknowledgedAt),
      ),
    )
    .orderBy(desc(announcements.sentAt));
  return rows.map(toView);
}

/** Claims the scheduled announcements that fell due (one instance wins each). */
export async function claimDueScheduled(db: DbOrTx, now: Date): Promise<AnnouncementRow[]> {
  return db
    .update(announcements)
    .set({ sentAt: now, sendAt: null })
    .where(and(isNull(announcements.sentAt), sql`${announcements.sendAt} <= ${now}`))
    .returning();
}

// ---- receipts ------------------------------------------------------------------------

/** One row per resident it went out to; a repeat (a reminder) keeps the rows it finds. */
export async function createReceipts(db: DbOrTx, announcementId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(announcementReceipts)
    .values(userIds.map((userId) => ({ announcementId, userId })))
    .onConflictDoNothing();
}

export type DeliveryChannel = 'push' | 'mail' | 'inApp';
const deliveryColumn = {
  push: announcementReceipts.pushAt,
  mail: announcementReceipts.mailAt,
  inApp: announcementReceipts.inAppAt,
} as const;

/**
 * Records the first delivery by a channel; answers whether any row changed (so admins are told
 * only of news). `announcementId` null: every receipt of the user that lacks it (in-app loads).
 */
export async function markDelivered(
  db: DbOrTx,
  announcementIds: string[],
  userId: string,
  channel: DeliveryChannel,
  at: Date,
): Promise<string[]> {
  if (announcementIds.length === 0) return [];
  const column = deliveryColumn[channel];
  const set = channel === 'push' ? { pushAt: at } : channel === 'mail' ? { mailAt: at } : { inAppAt: at };
  const rows = await db
    .update(announcementReceipts)
    .set(set)
    .where(
      and(
        eq(announcementReceipts.userId, userId),
        inArray(announcementReceipts.announcementId, announcementIds),
        isNull(column),
      ),
    )
    .returning({ announcementId: announcementReceipts.announcementId });
  return rows.map((r) => r.announcementId);
}

/** "Got it": answers false when it was acknowledged already. */
export async function acknowledge(
  db: DbOrTx,
  announcementId: string,
  userId: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .insert(announcementReceipts)
    .values({ announcementId, userId, acknowledgedAt: at, inAppAt: at })
    .onConflictDoUpdate({
      target: [announcementReceipts.announcementId, announcementReceipts.userId],
      set: {
        acknowledgedAt: sql`coalesce(${announcementReceipts.acknowledgedAt}, excluded.acknowledged_at)`,
        inAppAt: sql`coalesce(${announcementReceipts.inAppAt}, excluded.in_app_at)`,
      },
      setWhere: isNull(announcementReceipts.acknowledgedAt),
    })
    .returning({ userId: announcementReceipts.userId });
  return rows.length > 0;
}

export type ReceiptRow = {
  user: UserRow;
  pushAt: Date | null;
  mailAt: Date | null;
  inAppAt: Date | null;
  seenAt: Date | null;
  acknowledgedAt: Date | null;
};

/** Everyone it went out to, with how and whether they saw it. */
export async function receiptsOf(db: DbOrTx, announcementId: string): Promise<ReceiptRow[]> {
  return db
    .select({
      user: users,
      pushAt: announcementReceipts.pushAt,
      mailAt: announcementReceipts.mailAt,
      inAppAt: announcementReceipts.inAppAt,
      seenAt: announcementReads.readAt,
      acknowledgedAt: announcementReceipts.acknowledgedAt,
    })
    .from(announcementReceipts)
    .innerJoin(users, eq(users.id, announcementReceipts.userId))
    .leftJoin(
      announcementReads,
      and(
        eq(announcementReads.announcementId, announcementReceipts.announcementId),
        eq(announcementReads.userId, announcementReceipts.userId),
      ),
    )
    .where(eq(announcementReceipts.announcementId, announcementId));
}

/**
 * The recipients who have neither opened nor acknowledged it, and may still sign in: the receipts
 * list itself, narrowed (one statement for both).
 */
export async function notSeenBy(db: DbOrTx, announcementId: string): Promise<string[]> {
  return (await receiptsOf(db, announcementId))
    .filter((receipt) => receipt.seenAt === null && receipt.acknowledgedAt === null && !receipt.user.isLocked)
    .map((receipt) => receipt.user.id);
}
