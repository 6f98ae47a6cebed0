import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  announcementReads,
  announcements,
  users,
  type AnnouncementRow,
  type UserRow,
} from '../db/schema/index.ts';

/** An announcement with what its presentation needs: the author row and the reader's read state. */
export type AnnouncementView = { row: AnnouncementRow; author: UserRow | null; read: boolean };

export type NewAnnouncement = Pick<AnnouncementRow, 'title' | 'body' | 'authorId' | 'pinned' | 'urgent'>;
export type AnnouncementPatch = Partial<Pick<AnnouncementRow, 'title' | 'body' | 'pinned' | 'urgent'>>;

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
  page: { limit: number; offset: number },
): Promise<AnnouncementView[]> {
  const rows = await viewQuery(db, viewerId)
    .orderBy(desc(announcements.pinned), desc(announcements.createdAt), desc(announcements.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toView);
}

export async function countAnnouncements(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(announcements);
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
    .where(sql`${announcementReads.userId} is null`);
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
    select a.id, ${userId} from ${announcements} a
    on conflict do nothing`);
}

function viewQuery(db: DbOrTx, viewerId: string) {
  return db
    .select({ row: announcements, author: users, readAt: announcementReads.readAt })
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.authorId))
    .leftJoin(
      announcementReads,
      and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, viewerId)),
    )
    .$dynamic();
}

function toView(found: {
  row: AnnouncementRow;
  author: UserRow | null;
  readAt: Date | null;
}): AnnouncementView {
  return { row: found.row, author: found.author, read: found.readAt !== null };
}
