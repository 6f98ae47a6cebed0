import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { installFakeServer, json } from '../../test/fake-server.ts';
import { makeNotification } from '../../test/news-fixtures.ts';
import { useNotificationsStore } from '../../stores/notifications.ts';
import { NotificationBell } from './NotificationBell.tsx';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.hash}</output>;
}

const mention = makeNotification({ id: 'n1' });
const announcement = makeNotification({
  id: 'n2',
  type: 'announcement',
  conversationId: null,
  messageId: null,
  announcementId: 'a1',
  text: 'New announcement: Lift repair',
  link: '/main_dashboard/announcements',
  read: true,
});

/** The panel is its own chunk: on a busy machine its first load takes a while. */
const SLOW = { timeout: 10_000 };

function renderBell() {
  render(
    <MemoryRouter initialEntries={['/main_dashboard/chat-intro']}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <NotificationBell />
              <LocationProbe />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => useNotificationsStore.getState().reset());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NotificationBell', () => {
  it('loads and shows the unread badge', async () => {
    installFakeServer({
      'GET /api/notifications': () => json(200, { data: [mention, announcement], total: 2, unread: 1 }),
    });
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(screen.getByTestId('notification-badge').textContent).toBe('1');
  });

  it('opening the panel marks read so the badge clears; what was unread still shows as new', async () => {
    const server = installFakeServer({ 'POST /api/notifications/mark-read': () => json(200, { unread: 0 }) });
    useNotificationsStore.setState({ items: [mention, announcement], unread: 1, loaded: true });
    renderBell();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = await screen.findByRole('dialog', {}, SLOW);
    await waitFor(() => expect(server.called('POST', '/api/notifications/mark-read')).toBe(true));
    expect(server.calls[0]?.body).toBeUndefined();
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    const [first, second] = within(panel).getAllByRole('link');
    expect(first?.textContent).toContain('Ann mentioned you in #garden');
    expect(first?.dataset.fresh).toBe('true');
    expect(second?.dataset.fresh).toBeUndefined();
  });

  it('a notification opens its source and closes the panel; Escape closes it too', async () => {
    installFakeServer({ 'POST /api/notifications/mark-read': () => json(200, { unread: 0 }) });
    useNotificationsStore.setState({ items: [mention, announcement], unread: 0, loaded: true });
    renderBell();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    let panel = await screen.findByRole('dialog', {}, SLOW);
    fireEvent.keyDown(panel, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    panel = await screen.findByRole('dialog', {}, SLOW);
    fireEvent.click(within(panel).getByRole('link', { name: /Ann mentioned you/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe(
      '/main_dashboard/conversations/channel/c1#message-m1',
    );
  });

  it('a live notification raises the badge', () => {
    installFakeServer({});
    useNotificationsStore.setState({ items: [], unread: 0, loaded: true });
    renderBell();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    act(() => useNotificationsStore.getState().applyNew(makeNotification({ id: 'live' })));
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
  });

  it('R-NOTIF-6 a notification arriving while the panel is open shows as new and is marked read, the badge stays clear', async () => {
    const server = installFakeServer({ 'POST /api/notifications/mark-read': () => json(200, { unread: 0 }) });
    useNotificationsStore.setState({ items: [mention, announcement], unread: 1, loaded: true });
    renderBell();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = await screen.findByRole('dialog', {}, SLOW);
    await waitFor(() => expect(server.calls).toHaveLength(1), SLOW);

    const live = makeNotification({ id: 'live', text: 'Bo replied to your thread' });
    act(() => useNotificationsStore.getState().applyNew(live));
    // Marked at once, before the server answers: the badge never shows the arrival.
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    expect(useNotificationsStore.getState().unread).toBe(0);
    const arrived = within(panel).getByRole('link', { name: /Bo replied to your thread/ });
    expect(arrived.dataset.fresh).toBe('true');
    await waitFor(() => expect(server.calls).toHaveLength(2), SLOW);
    expect(server.calls[1]?.body).toEqual({ ids: ['live'] });
    await waitFor(() => expect(useNotificationsStore.getState().items.every((n) => n.read)).toBe(true));
    expect(screen.getByRole('button', { name: 'Notifications', hidden: true })).toBeTruthy();

    // Closed again, the next one raises the badge as before.
    fireEvent.keyDown(panel, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => useNotificationsStore.getState().applyNew(makeNotification({ id: 'later' })));
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy();
    expect(server.calls).toHaveLength(2);
  }, 20_000);

  it('R-NOTIF-6 a late answer to the opening mark-read does not raise the count after an arrival was marked', async () => {
    let answerFirst: (() => void) | undefined;
    const server = installFakeServer({
      'POST /api/notifications/mark-read': (request) =>
        request.body === undefined
          ? new Promise((resolve) => (answerFirst = () => resolve(json(200, { unread: 1 }))))
          : json(200, { unread: 0 }),
    });
    useNotificationsStore.setState({ items: [mention], unread: 1, loaded: true });
    renderBell();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    await screen.findByRole('dialog', {}, SLOW);
    act(() => useNotificationsStore.getState().applyNew(makeNotification({ id: 'live' })));
    await waitFor(() => expect(server.calls).toHaveLength(2), SLOW);
    await act(async () => {
      answerFirst?.();
      await Promise.resolve();
    });
    await waitFor(() => expect(useNotificationsStore.getState().unread).toBe(0));
    expect(screen.queryByTestId('notification-badge')).toBeNull();
  }, 20_000);
});
