/**
 * The calls of the signed-in shell's first screen through the typed route table
 * (services/http/client.ts): notifications, the urgent banner and mutes. The announcement screens'
 * calls are in announcements-api.ts, off the first load. Types only from @stoop/shared, so no zod
 * reaches the first load.
 */
import type { Announcement, NotificationsPage } from '@stoop/shared';
import { callApi } from '../http/client.ts';

export const newsApi = {
  /** The urgent announcements not acknowledged yet (the banner). */
  async pendingUrgent(): Promise<Announcement[]> {
    return (await callApi('listPendingUrgent')).data;
  },
  async acknowledgeAnnouncement(id: string): Promise<void> {
    await callApi('acknowledgeAnnouncement', { params: { id } });
  },
  notifications(page = 1, limit = 20): Promise<NotificationsPage> {
    return callApi('listNotifications', { query: { page, limit } });
  },
  /** Marks those ids read, or all of them without ids; resolves with the unread count left. */
  async markNotificationsRead(ids?: string[]): Promise<number> {
    return (await callApi('markNotificationsRead', { body: ids ? { ids } : undefined })).unread;
  },
  async muteConversation(conversationId: string, muted: boolean): Promise<boolean> {
    return (await callApi('muteConversation', { params: { id: conversationId }, body: { muted } })).muted;
  },
  async mutedConversations(): Promise<string[]> {
    return (await callApi('listMutedConversations')).conversationIds;
  },
};
