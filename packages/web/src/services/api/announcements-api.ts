/**
 * Announcements through the typed route table (services/http/client.ts): the list, the admins'
 * writes and their receipts. Apart from news-api.ts, which the signed-in shell loads with its
 * first paint: these are needed only on the announcement screens. Types only from @stoop/shared,
 * so no zod comes with them.
 */
import type {
  Announcement,
  AnnouncementReceipts,
  AnnouncementsPage,
  CreateAnnouncementBody,
  UpdateAnnouncementBody,
} from '@stoop/shared';
import { callApi } from '../http/client.ts';

export const announcementsApi = {
  announcements(page: number, limit: number): Promise<AnnouncementsPage> {
    return callApi('listAnnouncements', { query: { page, limit } });
  },
  async createAnnouncement(body: CreateAnnouncementBody): Promise<Announcement> {
    return (await callApi('createAnnouncement', { body })).announcement;
  },
  async updateAnnouncement(id: string, body: UpdateAnnouncementBody): Promise<Announcement> {
    return (await callApi('updateAnnouncement', { params: { id }, body })).announcement;
  },
  async deleteAnnouncement(id: string): Promise<void> {
    await callApi('deleteAnnouncement', { params: { id } });
  },
  async markAnnouncementRead(id: string): Promise<number> {
    return (await callApi('markAnnouncementRead', { params: { id } })).unread;
  },
  async markAllAnnouncementsRead(): Promise<number> {
    return (await callApi('markAllAnnouncementsRead')).unread;
  },
  /** Admins: who it reached and who has not seen it. */
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
};
