import type { Announcement } from '@stoop/shared';
import { announcementAbilities, type AbilityViewer } from '../access/index.ts';
import { presentPublic } from '../users/present.ts';
import type { AnnouncementView } from './repo.ts';

/**
 * The only way an announcement leaves the server: the author's public shape, never their email, and
 * what `viewer` may do with it; a broadcast (viewer null) goes without, and
 * sockets.ts adds them per role.
 */
export function presentAnnouncement(view: AnnouncementView, viewer: AbilityViewer | null): Announcement {
  const { row } = view;
  const presented: Announcement = {
    id: row.id,
    title: row.title,
    body: row.body,
    author: view.author ? presentPublic(view.author) : null,
    pinned: row.pinned,
    urgent: row.urgent,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    read: view.read,
    acknowledged: view.acknowledged,
    sendAt: row.sendAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
  };
  return viewer ? withAnnouncementAbilities(presented, viewer) : presented;
}

/** The announcement with what `viewer` may do with it. */
export function withAnnouncementAbilities(announcement: Announcement, viewer: AbilityViewer): Announcement {
  return {
    ...announcement,
    abilities: announcementAbilities(viewer, { sent: announcement.sentAt !== null }),
  };
}
