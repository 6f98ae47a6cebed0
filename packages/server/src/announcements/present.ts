import type { Announcement } from '@stoop/shared';
import { presentPublic } from '../users/present.ts';
import type { AnnouncementView } from './repo.ts';

/** The only way an announcement leaves the server: the author's public shape, never their email. */
export function presentAnnouncement(view: AnnouncementView): Announcement {
  const { row } = view;
  return {
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
}
