/**
 * The live news events, applied to their stores. realtime/server-events.ts hands every announcement and
 * notification event here, so that file only names them.
 */
import type { ServerEventName, ServerEventPayload } from '@stoop/shared';
import { toast } from '../services/ui/toast.ts';
import { useAnnouncementsStore } from '../stores/announcements.ts';
import { useNotificationsStore } from '../stores/notifications.ts';
import { useReceiptsStore } from '../stores/receipts.ts';
import { useUrgentBannerStore } from '../stores/urgent-banner.ts';

type NewsEventName = Extract<ServerEventName, `announcement:${string}` | 'notification:new'>;
export type NewsEvent = { [E in NewsEventName]: { name: E; payload: ServerEventPayload<E> } }[NewsEventName];

export function applyNewsEvent(event: NewsEvent): void {
  const announcements = useAnnouncementsStore.getState();
  switch (event.name) {
    case 'announcement:new': {
      const { announcement } = event.payload;
      announcements.applyNew(announcement);
      // An emergency broadcast interrupts and stays as the banner until "Got it" (R-REACH-3).
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
