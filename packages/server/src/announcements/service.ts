import type {
  Announcement,
  AnnouncementsPage,
  AnnouncementsQuery,
  CreateAnnouncementBody,
  UpdateAnnouncementBody,
} from '@stoop/shared';
import { recordAudit } from '../audit/service.ts';
import type { ChatContext } from '../context.ts';
import type { UserRow } from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';
import { presentAnnouncement } from './present.ts';
import * as repo from './repo.ts';

const ANNOUNCEMENT_NOT_FOUND = 'Announcement not found';

/** What the services need: the database and the bus that carries their events after commit. */
export type NewsContext = Pick<ChatContext, 'db' | 'bus'>;

/** GET /api/announcements: pinned first, then newest first, with the reader's read state. */
export async function listAnnouncements(
  ctx: NewsContext,
  viewer: UserRow,
  query: AnnouncementsQuery,
): Promise<AnnouncementsPage> {
  const [views, total] = await Promise.all([
    repo.pageAnnouncements(ctx.db, viewer.id, { limit: query.limit, offset: (query.page - 1) * query.limit }),
    repo.countAnnouncements(ctx.db),
  ]);
  return { data: views.map(presentAnnouncement), total, page: query.page, limit: query.limit };
}

/** Broadcasts carry no single reader's state. */
const forEveryone = (view: repo.AnnouncementView): Announcement =>
  presentAnnouncement({ ...view, read: false });

export async function createAnnouncement(
  ctx: NewsContext,
  admin: UserRow,
  body: CreateAnnouncementBody,
): Promise<Announcement> {
  const view = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertAnnouncement(tx, { ...body, authorId: admin.id });
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'announcement.create',
      targetUserId: null,
      details: { announcementId: row.id, title: row.title, pinned: row.pinned, urgent: row.urgent },
    });
    // The author has read what they wrote.
    await repo.markAnnouncementRead(tx, admin.id, row.id);
    return { row, author: admin, read: true };
  });
  ctx.bus.publish('announcement:new', { announcement: forEveryone(view) });
  return presentAnnouncement(view);
}

export async function updateAnnouncement(
  ctx: NewsContext,
  admin: UserRow,
  id: string,
  patch: UpdateAnnouncementBody,
): Promise<Announcement> {
  const view = await ctx.db.transaction(async (tx) => {
    const row = await repo.updateAnnouncement(tx, id, definedOnly(patch));
    if (!row) throw notFound(ANNOUNCEMENT_NOT_FOUND);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'announcement.update',
      targetUserId: null,
      details: { announcementId: id, fields: Object.keys(definedOnly(patch)) },
    });
    const found = await repo.findAnnouncementView(tx, id, admin.id);
    if (!found) throw notFound(ANNOUNCEMENT_NOT_FOUND);
    return found;
  });
  ctx.bus.publish('announcement:updated', { announcement: forEveryone(view) });
  return presentAnnouncement(view);
}

export async function deleteAnnouncement(ctx: NewsContext, admin: UserRow, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.deleteAnnouncement(tx, id);
    if (!row) throw notFound(ANNOUNCEMENT_NOT_FOUND);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'announcement.delete',
      targetUserId: null,
      details: { announcementId: id, title: row.title },
    });
  });
  ctx.bus.publish('announcement:deleted', { announcementId: id });
}

/** POST /api/announcements/{id}/read: the reader's unread count afterwards. */
export async function markRead(ctx: NewsContext, viewer: UserRow, id: string): Promise<number> {
  const found = await repo.findAnnouncementView(ctx.db, id, viewer.id);
  if (!found) throw notFound(ANNOUNCEMENT_NOT_FOUND);
  await repo.markAnnouncementRead(ctx.db, viewer.id, id);
  return repo.countUnreadAnnouncements(ctx.db, viewer.id);
}

export async function markAllRead(ctx: NewsContext, viewer: UserRow): Promise<number> {
  await repo.markAllAnnouncementsRead(ctx.db, viewer.id);
  return repo.countUnreadAnnouncements(ctx.db, viewer.id);
}

/** zod leaves absent optional keys undefined; drizzle must not see them as "set to null". */
function definedOnly(patch: UpdateAnnouncementBody): repo.AnnouncementPatch {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
}
