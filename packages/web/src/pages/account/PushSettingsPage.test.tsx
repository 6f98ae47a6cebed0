// The browser's push boundary (Notification, PushManager, the service worker registration) is
// stubbed; the page, the push services and the API client run for real against the fake server.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { PushDevice } from '@stoop/shared';
import { installFakeServer, json, makeUser } from '../../test/fake-server.ts';
import { useAuthStore } from '../../stores/auth.ts';
import PushSettingsPage from './PushSettingsPage.tsx';

const VAPID_KEY = 'BAEC'; // base64url of the bytes 04 01 02
const subscriptionJson = {
  endpoint: 'https://push.example/sub/1',
  expirationTime: null,
  keys: { p256dh: 'p256dh-key', auth: 'auth-secret' },
};

type Browser = {
  permission: NotificationPermission;
  answer: NotificationPermission;
  subscription: { toJSON(): unknown; unsubscribe: () => Promise<boolean> } | null;
  subscribe: Mock<() => Promise<unknown>>;
};

function stubBrowser(initial: Partial<Browser> = {}): Browser {
  const browser: Browser = {
    permission: 'default',
    answer: 'granted',
    subscription: null,
    subscribe: vi.fn<() => Promise<unknown>>(),
    ...initial,
  };
  const made = { toJSON: () => subscriptionJson, unsubscribe: vi.fn(() => Promise.resolve(true)) };
  browser.subscribe.mockImplementation(() => {
    browser.subscription = made;
    return Promise.resolve(made);
  });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return browser.permission;
    },
    requestPermission: vi.fn(() => {
      browser.permission = browser.answer;
      return Promise.resolve(browser.answer);
    }),
  });
  const registration = {
    pushManager: {
      getSubscription: () => Promise.resolve(browser.subscription),
      subscribe: browser.subscribe,
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration) },
  });
  return browser;
}

const device = (overrides: Partial<PushDevice>): PushDevice => ({
  id: 'd1',
  platform: 'web',
  createdAt: '2026-01-02T10:00:00.000Z',
  lastUsedAt: null,
  thisDevice: false,
  ...overrides,
});

/** Every fake server of this file answers the signed-in apps too (none unless a test says). */
function serverWith(handlers: Parameters<typeof installFakeServer>[0]) {
  return installFakeServer({ 'GET /api/native-sessions': () => json(200, { sessions: [] }), ...handlers });
}

const renderPage = () =>
  render(
    <MemoryRouter>
      <PushSettingsPage />
    </MemoryRouter>,
  );

beforeEach(() => {
  useAuthStore.setState({ user: makeUser({ id: 'me' }) });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('PushSettingsPage (R-PUSH-9)', () => {
  it('R-PUSH-4: explains, then subscribes with the VAPID key from the click and registers the subscription', async () => {
    const browser = stubBrowser();
    let devices: PushDevice[] = [];
    const server = serverWith({
      'GET /api/push/devices': () => json(200, { devices }),
      'GET /api/push/vapid-public-key': () => json(200, { publicKey: VAPID_KEY }),
      'POST /api/register-push-token': () => {
        devices = [device({ thisDevice: true })];
        return json(201, { platform: 'web', created: true });
      },
    });
    renderPage();
    expect(screen.getByText(/even when Stoop is closed/)).toBeTruthy();
    expect(await screen.findByText(/No device receives your push notifications yet/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on push notifications' }));
    expect(await screen.findByText('On for this device')).toBeTruthy();
    expect(browser.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: new Uint8Array([4, 1, 2]),
    });
    const registered = server.calls.find((c) => c.path === '/api/register-push-token');
    expect(registered?.query.get('platform')).toBe('web');
    expect(JSON.parse(registered?.query.get('token') ?? '')).toEqual(subscriptionJson);
    // The device list reloads with this browser in it.
    expect(await screen.findByText('This device')).toBeTruthy();
  });

  it('R-PUSH-3: a refused permission stops silently: no subscription, no call, no message', async () => {
    const browser = stubBrowser({ answer: 'denied' });
    const server = serverWith({ 'GET /api/push/devices': () => json(200, { devices: [] }) });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on push notifications' }));
    await waitFor(() => expect(browser.permission).toBe('denied'));
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(server.called('POST', '/api/register-push-token')).toBe(false);
    expect(screen.getByRole('button', { name: 'Turn on push notifications' })).toBeTruthy();
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
  });

  it('turns push off for this device: unregisters the token, then unsubscribes', async () => {
    const browser = stubBrowser({ permission: 'granted' });
    await browser.subscribe();
    const subscription = browser.subscription;
    const server = serverWith({
      'GET /api/push/devices': () => json(200, { devices: [device({ thisDevice: true })] }),
      'DELETE /api/unregister-push-token': () => json(200, { removed: 1 }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Turn on push notifications' })).toBeTruthy();
    const removal = server.calls.find((c) => c.path === '/api/unregister-push-token');
    expect(removal?.query.get('platform')).toBe('web');
    expect(JSON.parse(removal?.query.get('token') ?? '')).toEqual(subscriptionJson);
    expect(subscription?.unsubscribe).toHaveBeenCalled();
  });

  it('lists the devices with this one marked, and removes one', async () => {
    stubBrowser();
    const server = serverWith({
      'GET /api/push/devices': () =>
        json(200, {
          devices: [
            device({ id: 'd1', thisDevice: true }),
            device({ id: 'd2', platform: 'android', lastUsedAt: '2026-01-03T08:00:00.000Z' }),
          ],
        }),
      'DELETE /api/push/devices/d2': () => json(200, { removed: 1 }),
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Your devices' });
    expect(within(list).getByText('Web browser')).toBeTruthy();
    expect(within(list).getByText('This device')).toBeTruthy();
    expect(within(list).getByText(/last notified/)).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: /^Remove Android phone/ }));
    await waitFor(() => expect(screen.queryByText('Android phone')).toBeNull());
    expect(server.called('DELETE', '/api/push/devices/d2')).toBe(true);
  });

  it('R-SESSION-13: sign out everywhere unregisters every token, ends every session, then signs out', async () => {
    stubBrowser();
    const server = serverWith({
      'GET /api/push/devices': () => json(200, { devices: [] }),
      'DELETE /api/unregister-push-token': () => json(200, { removed: 2 }),
      'POST /api/logout-everywhere': () => json(200, { csrfToken: 'u' }),
      'POST /api/logout': () => json(200, { success: true }),
      'GET /api/csrf-token': () => json(200, { csrfToken: 't' }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(useAuthStore.getState().user).toBeNull());
    const removal = server.calls.find((c) => c.path === '/api/unregister-push-token');
    expect(removal?.query.get('all')).toBe('true');
    const order = server.calls.map((c) => `${c.method} ${c.path}`);
    expect(order.indexOf('POST /api/logout-everywhere')).toBeGreaterThan(
      order.indexOf('DELETE /api/unregister-push-token'),
    );
    expect(order.indexOf('POST /api/logout')).toBeGreaterThan(order.indexOf('POST /api/logout-everywhere'));
  });

  it('R-NATIVE-13: lists the signed-in apps with platform and last use, and signs one out', async () => {
    stubBrowser();
    const server = serverWith({
      'GET /api/push/devices': () => json(200, { devices: [] }),
      'GET /api/native-sessions': () =>
        json(200, {
          sessions: [
            {
              id: 's1',
              platform: 'android',
              createdAt: '2026-01-02T10:00:00.000Z',
              lastUsedAt: '2026-01-05T09:00:00.000Z',
              thisDevice: false,
            },
            {
              id: 's2',
              platform: 'ios',
              createdAt: '2026-01-03T10:00:00.000Z',
              lastUsedAt: null,
              thisDevice: false,
            },
          ],
        }),
      'DELETE /api/native-sessions/s1': () => json(200, { removed: 1 }),
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Signed-in apps' });
    expect(within(list).getByText('Android app')).toBeTruthy();
    expect(within(list).getByText(/Signed in on android .*, last used /)).toBeTruthy();
    expect(within(list).getByText(/Signed in on ios .*, not used since/)).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: /^Sign out Android app/ }));
    await waitFor(() => expect(screen.queryByText('Android app')).toBeNull());
    expect(server.called('DELETE', '/api/native-sessions/s1')).toBe(true);
    expect(useAuthStore.getState().user).not.toBeNull();
  });

  it('R-NATIVE-13: says when no app is signed in', async () => {
    stubBrowser();
    serverWith({ 'GET /api/push/devices': () => json(200, { devices: [] }) });
    renderPage();
    expect(await screen.findByText(/No Stoop app on a phone or tablet is signed in/)).toBeTruthy();
  });

  it('says so when the browser cannot receive push', async () => {
    serverWith({ 'GET /api/push/devices': () => json(200, { devices: [] }) });
    renderPage();
    expect(await screen.findByText(/This browser cannot receive push notifications/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn on push notifications' })).toBeNull();
  });
});
