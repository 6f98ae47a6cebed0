/**
 * The live updates of the news, applied to their stores. realtime/live-updates.ts hands every
 * announcement and notification update here, so that file only names them.
 */
import type { SocketEventName, SocketEventPayload } from '@stoop/shared';
import { toast } from '../services/ui/toast.ts';
import { useAnnouncementsStore } from '../stores/announcements.ts';
import { useNotificationsStore } from '../stores/notifications.ts';
import { useReceiptsStore } from '../stores/receipts.ts';
import { useUrgentBannerStore } from '../stores/urgent-banner.ts';

type NewsUpdateName = Extract<SocketEventName, `announcement:${string}` | 'notification:new'>;
export type NewsUpdate = {
  [E in NewsUpdateName]: { name: E; payload: SocketEventPayload<E> };
}[NewsUpdateName];

export function applyNewsUpdate(event: NewsUpdate): void {
  const announcements = useAnnouncementsStore.getState();
  switch (event.name) {
    case 'announcement:new': {
      const { announcement } = event.payload;
      announcements.applyNew(announcement);
      // An emergency broadcast interrupts and stays as the banner until "Got it".
      if (announcement.urgent) {
        useUrgentBannerStore.getState().applyNew(announcement);
        toast.error(announcement.title, { id: `announcement-${announcement.id}` });
      }
      return;
    }
    case 'announcement:updated':
      announcements.applyUpdated(event.payload.announcement);
      useUrgentBannerStore.getState().applyUpdated(event.payload.announcement);
      return;
    case 'announcement:deleted':
      announcements.applyDeleted(event.payload.announcementId);
      useUrgentBannerStore.getState().applyGone(event.payload.announcementId);
      return;
    case 'announcement:acknowledged':
      useUrgentBannerStore.getState().applyGone(event.payload.announcementId);
      return;
    case 'announcement:receipts':
      useReceiptsStore.getState().changed(event.payload.announcementId);
      return;
    case 'notification:new':
      useNotificationsStore.getState().applyNew(event.payload.notification);
      return;
  }
}
