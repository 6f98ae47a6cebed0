/** Announcement and notification fixtures for the news tests. */
import type { Announcement, Notification } from '@stoop/shared';

export function makeAnnouncement(overrides: Partial<Announcement> = {}): Announcement {
  return {
    id: 'a1',
    title: 'Water off Tuesday',
    body: 'From **9** to 12.',
    author: null,
    pinned: false,
    urgent: false,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    read: false,
    acknowledged: false,
    sendAt: null,
    sentAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 'n1',
    type: 'mention',
    actor: null,
    conversationId: 'c1',
    messageId: 'm1',
    announcementId: null,
    text: 'Ann mentioned you in #garden',
    link: '/main_dashboard/conversations/channel/c1#message-m1',
    read: false,
    createdAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}
