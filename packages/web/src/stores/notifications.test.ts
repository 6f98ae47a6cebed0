import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, json } from '../test/fake-server.ts';
import { makeAnnouncement, makeNotification } from '../test/news-fixtures.ts';
import { applyNewsUpdate } from '../realtime/news-updates.ts';
import { useAnnouncementsStore } from './announcements.ts';
import { useNotificationsStore } from './notifications.ts';

beforeEach(() => {
  useNotificationsStore.getState().reset();
  useAnnouncementsStore.getState().reset();
});
afterEach(() => vi.unstubAllGlobals());

const first = makeNotification({ id: 'n1' });
const second = makeNotification({ id: 'n2', type: 'like', text: 'Bo liked your message' });

describe('notifications store', () => {
  it('load: GET /api/notifications fills the list and the unread badge', async () => {
    const server = installFakeServer({
      'GET /api/notifications': () => json(200, { data: [first, second], total: 2, unread: 2 }),
    });
    await useNotificationsStore.getState().load();
    expect(server.called('GET', '/api/notifications')).toBe(true);
    const state = useNotificationsStore.getState();
    expect(state.items.map((n) => n.id)).toEqual(['n1', 'n2']);
    expect([state.unread, state.loaded]).toEqual([2, true]);
  });

  it('markRead with ids posts those ids; without ids posts no payload and clears the badge', async () => {
    useNotificationsStore.setState({ items: [first, second], unread: 2, loaded: true });
    const server = installFakeServer({ 'POST /api/notifications/mark-read': () => json(200, { unread: 1 }) });
    await useNotificationsStore.getState().markRead(['n1']);
    expect(server.calls[0]?.body).toEqual({ ids: ['n1'] });
    expect(useNotificationsStore.getState().unread).toBe(1);
    expect(useNotificationsStore.getState().items.find((n) => n.id === 'n1')?.read).toBe(true);

    server.on('POST /api/notifications/mark-read', () => json(200, { unread: 0 }));
    await useNotificationsStore.getState().markRead();
    expect(server.calls[1]?.body).toBeUndefined();
    expect(useNotificationsStore.getState().unread).toBe(0);
    expect(useNotificationsStore.getState().items.every((n) => n.read)).toBe(true);
  });

  it('notification:new puts it first and raises the badge once, even if it arrives twice', () => {
    useNotificationsStore.setState({ items: [first], unread: 1, loaded: true });
    applyNewsUpdate({ name: 'notification:new', payload: { notification: second } });
    applyNewsUpdate({ name: 'notification:new', payload: { notification: second } });
    const state = useNotificationsStore.getState();
    expect(state.items.map((n) => n.id)).toEqual(['n2', 'n1']);
    expect(state.unread).toBe(2);
  });
});

describe('announcements store', () => {
  it('load asks for the page with the shared page size', async () => {
    const server = installFakeServer({
      'GET /api/announcements': () => json(200, { data: [makeAnnouncement()], total: 1, page: 2, limit: 20 }),
    });
    await useAnnouncementsStore.getState().load(2);
    expect(server.fetchMock.mock.calls[0]?.[0]).toContain('/api/announcements?page=2&limit=20');
    expect(useAnnouncementsStore.getState()).toMatchObject({ page: 2, total: 1, loaded: true });
  });

  it('live events: new ones sort pinned first then newest, updates keep the reader’s read state, deletes go', () => {
    const pinned = makeAnnouncement({ id: 'p', pinned: true, createdAt: '2025-01-01T00:00:00.000Z' });
    const old = makeAnnouncement({ id: 'old', read: true, createdAt: '2025-06-01T00:00:00.000Z' });
    useAnnouncementsStore.setState({ items: [pinned, old], total: 2, page: 1, loaded: true });
    const fresh = makeAnnouncement({ id: 'new', createdAt: '2026-02-01T00:00:00.000Z' });
    applyNewsUpdate({ name: 'announcement:new', payload: { announcement: fresh } });
    expect(useAnnouncementsStore.getState().items.map((a) => a.id)).toEqual(['p', 'new', 'old']);
    expect(useAnnouncementsStore.getState().total).toBe(3);

    applyNewsUpdate({
      name: 'announcement:updated',
      payload: { announcement: { ...old, title: 'Edited', read: false } },
    });
    const edited = useAnnouncementsStore.getState().items.find((a) => a.id === 'old');
    expect(edited).toMatchObject({ title: 'Edited', read: true });

    applyNewsUpdate({ name: 'announcement:deleted', payload: { announcementId: 'p' } });
    expect(useAnnouncementsStore.getState().items.map((a) => a.id)).toEqual(['new', 'old']);
    expect(useAnnouncementsStore.getState().total).toBe(2);
  });

  it('create posts the body; a refusal becomes an error toast and resolves null', async () => {
    const { toast } = await import('../services/ui/toast.ts');
    const error = vi.spyOn(toast, 'error').mockReturnValue('toast-1');
    const server = installFakeServer({
      'POST /api/announcements': () =>
        json(400, { statusCode: 400, error: 'Bad Request', message: 'title: too long', field: 'title' }),
    });
    const body = { title: 'T', body: 'B', pinned: false, urgent: true };
    expect(await useAnnouncementsStore.getState().create(body)).toBeNull();
    expect(server.calls[0]?.body).toEqual(body);
    expect(error).toHaveBeenCalledWith('title: too long');
    error.mockRestore();
  });
});
