import type {
  AcknowledgeResponse,
  Announcement,
  AnnouncementReceipts,
  AnnouncementsPage,
  AnnouncementsQuery,
  CreateAnnouncementBody,
  PendingUrgent,
  UpdateAnnouncementBody,
} from '@stoop/shared';
import { URGENT_BANNER_DAYS } from '@stoop/shared';
import {
  ANNOUNCEMENT_NOT_FOUND,
  isAdmin,
  requireAnnouncementManage,
  requireAnnouncementSeen,
} from '../access/index.ts';
import { recordAudit } from '../audit/service.ts';
import type { Context } from '../context.ts';
import type { UserRow } from '../db/schema/index.ts';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import { inTransaction } from '../transaction.ts';
import { presentAnnouncement } from './present.ts';
import * as repo from './repo.ts';
import { presentReceipts } from './receipts.ts';

/** What the services need: the database and the bus that carries their events after commit. */

/** GET /api/announcements: pinned first, then newest first, with the reader's read state. */
export async function listAnnouncements(
  ctx: Context,
  viewer: UserRow,
  query: AnnouncementsQuery,
): Promise<AnnouncementsPage> {
  const admin = isAdmin(viewer);
  const [views, total] = await Promise.all([
    repo.pageAnnouncements(ctx.db, viewer.id, {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
      admin,
    }),
    repo.countAnnouncements(ctx.db, admin),
  ]);
  await deliveredInApp(ctx, viewer, views);
  return {
    data: views.map((view) => presentAnnouncement(view, viewer)),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/** GET /api/announcements/urgent: the banner's announcements. */
export async function listPendingUrgent(ctx: Context, viewer: UserRow): Promise<PendingUrgent> {
  const since = new Date(Date.now() - URGENT_BANNER_DAYS * 24 * 3600 * 1000);
  const views = await repo.pendingUrgent(ctx.db, viewer.id, since);
  await deliveredInApp(ctx, viewer, views);
  return { data: views.map((view) => presentAnnouncement(view, viewer)) };
}

/** R-REACH-4: what the app loaded has reached the resident in the app. */
async function deliveredInApp(ctx: Context, viewer: UserRow, views: repo.AnnouncementView[]) {
  const ids = views.filter((v) => v.row.sentAt).map((v) => v.row.id);
  const changed = await repo.markDelivered(ctx.db, ids, viewer.id, 'inApp', new Date());
  for (const announcementId of changed) ctx.bus.publish('announcement:receipts', { announcementId });
}

/** Broadcasts carry no single reader's state, nor abilities (sockets.ts adds them per role). */
const forEveryone = (view: repo.AnnouncementView): Announcement =>
  presentAnnouncement({ ...view, read: false, acknowledged: false }, null);

/** A time to send at must lie ahead; a past one would go out at once, unseen by the admin. */
function futureTime(sendAt: string | undefined | null): Date | null {
  if (!sendAt) return null;
  const at = new Date(sendAt);
  if (at.getTime() <= Date.now()) throw new Invalid('sendAt must be in the future', 'sendAt');
  return at;
}

export async function createAnnouncement(
  ctx: Context,
  admin: UserRow,
  body: CreateAnnouncementBody,
): Promise<Announcement> {
  requireAnnouncementManage(admin);
  const sendAt = futureTime(body.sendAt);
  const view = await inTransaction(ctx, async (tx, events) => {
    const row = await repo.insertAnnouncement(tx, {
      title: body.title,
      body: body.body,
      pinned: body.pinned,
      urgent: body.urgent,
      authorId: admin.id,
      sendAt,
      sentAt: sendAt ? null : new Date(),
    });
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'announcement.create',
      targetUserId: null,
      details: { announcementId: row.id, title: row.title, pinned: row.pinned, urgent: row.urgent },
    });
    // The author has read what they wrote.
    await repo.markAnnouncementRead(tx, admin.id, row.id);
    const made = { row, author: admin, read: true, acknowledged: false };
    // A scheduled one reaches only admins (their lists) until it goes out.
    events.publish(row.sentAt ? 'announcement:new' : 'announcement:updated', {
      announcement: forEveryone(made),
    });
    return made;
  });
  return presentAnnouncement(view, admin);
}

export async function updateAnnouncement(
  ctx: Context,
  admin: UserRow,
  id: string,
  patch: UpdateAnnouncementBody,
): Promise<Announcement> {
  requireAnnouncementManage(admin);
  const view = await inTransaction(ctx, async (tx, events) => {
    const found = await repo.findAnnouncementView(tx, id, admin.id);
    if (!found) throw new NotFound(ANNOUNCEMENT_NOT_FOUND);
    const changes = definedOnly(patch);
    const { sendAt, ...fields } = changes;
    const schedule: repo.AnnouncementPatch = {};
    if (sendAt !== undefined) {
      // R-REACH-2: only what waits may be moved; null sends it now.
      if (found.row.sentAt) throw new Conflict('This announcement was sent already', 'sendAt');
      if (sendAt === null) Object.assign(schedule, { sendAt: null, sentAt: new Date() });
      else schedule.sendAt = futureTime(sendAt);
    }
    const row = await repo.updateAnnouncement(tx, id, { ...fields, ...schedule });
    if (!row) throw new NotFound(ANNOUNCEMENT_NOT_FOUND);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'announcement.update',
      targetUserId: null,
      details: { announcementId: id, fields: Object.keys(changes) },
    });
    const updated = { ...found, row };
    const goesOutNow = !found.row.sentAt && row.sentAt;
    events.publish(goesOutNow ? 'announcement:new' : 'announcement:updated', {
      announcement: forEveryone(updated),
    });
    return updated;
  });
  return presentAnnouncement(view, admin);
}

export async function deleteAnnouncement(ctx: Context, admin: UserRow, id: string): Promise<void> {
  requireAnnouncementManage(admin);
  await inTransaction(ctx, async (tx, events) => {
    const row = await repo.deleteAnnouncement(tx, id);
    if (!row) throw new NotFound(ANNOUNCEMENT_NOT_FOUND);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'announcement.delete',
      targetUserId: null,
      details: { announcementId: id, title: row.title },
    });
    events.publish('announcement:deleted', { announcementId: id });
  });
}

/** R-REACH-2: sends the scheduled announcements whose time has come (each once, on one instance). */
export async function sendDueScheduled(ctx: Context, now: Date): Promise<number> {
  const rows = await repo.claimDueScheduled(ctx.db, now);
  for (const row of rows) {
    const view = await repo.findAnnouncementView(ctx.db, row.id, row.authorId ?? row.id);
    if (view) ctx.bus.publish('announcement:new', { announcement: forEveryone(view) });
  }
  return rows.length;
}

/** A sent announcement as `viewer` sees it, or 404 (a scheduled one is not there for residents). */
async function requireVisible(ctx: Context, viewer: UserRow, id: string): Promise<repo.AnnouncementView> {
  const found = await repo.findAnnouncementView(ctx.db, id, viewer.id);
  if (!found) throw new NotFound(ANNOUNCEMENT_NOT_FOUND);
  requireAnnouncementSeen(viewer, { sent: found.row.sentAt !== null });
  return found;
}

/** POST /api/announcements/{id}/read: the reader's unread count afterwards. */
export async function markRead(ctx: Context, viewer: UserRow, id: string): Promise<number> {
  const found = await requireVisible(ctx, viewer, id);
  await repo.markAnnouncementRead(ctx.db, viewer.id, id);
  if (!found.read) ctx.bus.publish('announcement:receipts', { announcementId: id });
  return repo.countUnreadAnnouncements(ctx.db, viewer.id);
}

export async function markAllRead(ctx: Context, viewer: UserRow): Promise<number> {
  await repo.markAllAnnouncementsRead(ctx.db, viewer.id);
  return repo.countUnreadAnnouncements(ctx.db, viewer.id);
}

/** "Got it": acknowledged and read, on every device of the reader. */
export async function acknowledge(ctx: Context, viewer: UserRow, id: string): Promise<AcknowledgeResponse> {
  await requireVisible(ctx, viewer, id);
  await inTransaction(ctx, async (tx, events) => {
    await repo.markAnnouncementRead(tx, viewer.id, id);
    if (await repo.acknowledge(tx, id, viewer.id, new Date())) {
      events.publish('announcement:acknowledged', { announcementId: id, userId: viewer.id });
      events.publish('announcement:receipts', { announcementId: id });
    }
  });
  return { acknowledged: true, unread: await repo.countUnreadAnnouncements(ctx.db, viewer.id) };
}

/** R-REACH-4: GET /api/announcements/{id}/receipts (admins). */
export async function receipts(ctx: Context, id: string): Promise<AnnouncementReceipts> {
  const found = await repo.findAnnouncementView(ctx.db, id, id);
  if (!found) throw new NotFound(ANNOUNCEMENT_NOT_FOUND);
  return presentReceipts(id, await repo.receiptsOf(ctx.db, id));
}

/** R-REACH-4: tells those who have not seen it again (in the app, by push and by mail). */
export async function remind(ctx: Context, admin: UserRow, id: string): Promise<number> {
  requireAnnouncementManage(admin);
  const found = await repo.findAnnouncementView(ctx.db, id, admin.id);
  if (!found) throw new NotFound(ANNOUNCEMENT_NOT_FOUND);
  if (!found.row.sentAt) throw new Conflict('This announcement has not been sent yet');
  const userIds = await repo.notSeenBy(ctx.db, id);
  await recordAudit(ctx.db, {
    actorId: admin.id,
    action: 'announcement.remind',
    targetUserId: null,
    details: { announcementId: id, residents: userIds.length },
  });
  if (userIds.length > 0)
    ctx.bus.publish('announcement:remind', { announcement: forEveryone(found), userIds });
  return userIds.length;
}

/** R-REACH-4: the notifier made receipts for everyone it told. */
export async function recordRecipients(ctx: Context, announcementId: string, userIds: string[]) {
  await repo.createReceipts(ctx.db, announcementId, userIds);
}

/** R-REACH-4: a push or a mail reached the resident (the first one counts). */
export async function recordDelivery(
  ctx: Context,
  announcementId: string,
  userId: string,
  channel: repo.DeliveryChannel,
): Promise<void> {
  const changed = await repo.markDelivered(ctx.db, [announcementId], userId, channel, new Date());
  if (changed.length > 0) ctx.bus.publish('announcement:receipts', { announcementId });
}

/** zod leaves absent optional keys undefined; drizzle must not see them as "set to null". */
function definedOnly(patch: UpdateAnnouncementBody) {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as {
    title?: string;
    body?: string;
    pinned?: boolean;
    urgent?: boolean;
    sendAt?: string | null;
  };
}
