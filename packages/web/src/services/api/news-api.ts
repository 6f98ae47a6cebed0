/**
 * Announcements and notifications over services/api.ts. Types only from @stoop/shared, so no zod
 * reaches the first load.
 */
import type {
  Announcement,
  AnnouncementReceipts,
  AnnouncementsPage,
  CreateAnnouncementBody,
  NotificationsPage,
  UpdateAnnouncementBody,
} from '@stoop/shared';
import { api, callApi } from '../http/client.ts';

const enc = encodeURIComponent;

export const newsApi = {
  announcements(page: number, limit: number): Promise<AnnouncementsPage> {
    return api.get<AnnouncementsPage>(`/api/announcements?page=${page}&limit=${limit}`);
  },
  async createAnnouncement(body: CreateAnnouncementBody): Promise<Announcement> {
    return (await api.post<{ announcement: Announcement }>('/api/announcements', { body })).announcement;
  },
  async updateAnnouncement(id: string, body: UpdateAnnouncementBody): Promise<Announcement> {
    return (await api.patch<{ announcement: Announcement }>(`/api/announcements/${enc(id)}`, { body }))
      .announcement;
  },
  async deleteAnnouncement(id: string): Promise<void> {
    await api.delete(`/api/announcements/${enc(id)}`);
  },
  async markAnnouncementRead(id: string): Promise<number> {
    return (await api.post<{ unread: number }>(`/api/announcements/${enc(id)}/read`)).unread;
  },
  async markAllAnnouncementsRead(): Promise<number> {
    return (await api.post<{ unread: number }>('/api/announcements/read-all')).unread;
  },
  /** R-REACH-3: the urgent announcements not acknowledged yet (the banner). */
  async pendingUrgent(): Promise<Announcement[]> {
    return (await callApi('listPendingUrgent')).data;
  },
  async acknowledgeAnnouncement(id: string): Promise<void> {
    await callApi('acknowledgeAnnouncement', { params: { id } });
  },
  /** R-REACH-4 (admins): who it reached and who has not seen it. */
  receipts(id: string): Promise<AnnouncementReceipts> {
    return callApi('getAnnouncementReceipts', { params: { id } });
  },
  /** How many residents an announcement reaches: everyone who may sign in but its author. */
  async recipientCount(): Promise<number> {
    const page = await callApi('adminListUsers', { query: { status: 'unlocked', limit: 1 } });
    return Math.max(0, page.total - 1);
  },
  async remind(id: string): Promise<number> {
    return (await callApi('remindAnnouncement', { params: { id } })).reminded;
  },
  notifications(page = 1, limit = 20): Promise<NotificationsPage> {
    return api.get<NotificationsPage>(`/api/notifications?page=${page}&limit=${limit}`);
  },
  /** Marks those ids read, or all of them without ids; resolves with the unread count left. */
  async markNotificationsRead(ids?: string[]): Promise<number> {
    const options = ids ? { body: { ids } } : {};
    return (await api.post<{ unread: number }>('/api/notifications/mark-read', options)).unread;
  },
  async muteConversation(conversationId: string, muted: boolean): Promise<boolean> {
    return (await callApi('muteConversation', { params: { id: conversationId }, body: { muted } })).muted;
  },
  async mutedConversations(): Promise<string[]> {
    return (await callApi('listMutedConversations')).conversationIds;
  },
};
