// The native shell with Capacitor mocked at its boundary: the platform and the two plugin objects.
// Everything between them and the API (our push and navigation code) runs for real.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, json } from '../test/fake-server.ts';

type Listener = (payload: unknown) => void;
const plugin = vi.hoisted(() => {
  const listeners = new Map<string, Listener>();
  const addListener = (event: string, listener: Listener) => {
    listeners.set(event, listener);
    return Promise.resolve({ remove: () => Promise.resolve(listeners.delete(event)) });
  };
  return {
    platform: 'android',
    listeners,
    permission: 'granted',
    push: {
      addListener,
      checkPermissions: vi.fn(() => Promise.resolve({ receive: plugin.permission })),
      requestPermissions: vi.fn(() => Promise.resolve({ receive: plugin.permission })),
      register: vi.fn(() => Promise.resolve()),
      unregister: vi.fn(() => Promise.resolve()),
    },
    app: { addListener, exitApp: vi.fn(() => Promise.resolve()) },
  };
});

stubNativeBridge(() => plugin.platform);
vi.mock('@capacitor/push-notifications', () => ({ PushNotifications: plugin.push }));
vi.mock('@capacitor/app', () => ({ App: plugin.app }));

import { setNavigator } from '../navigation/navigate.ts';
import { disableNativePush, enableNativePush, nativePushToken } from '../services/push/native-push.ts';
import { startNativeShell } from './native-shell.ts';
import { stubNativeBridge } from '../test/native-bridge.ts';

const emit = (event: string, payload: unknown) => {
  const listener = plugin.listeners.get(event);
  if (!listener) throw new Error(`no listener for ${event}`);
  listener(payload);
};

beforeEach(() => {
  plugin.platform = 'android';
  plugin.permission = 'granted';
  plugin.listeners.clear();
  vi.clearAllMocks();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the native shell (R-PUSH-11, R-PUSH-12)', () => {
  it('R-PUSH-11: registers at start when allowed and sends the token with the platform', async () => {
    const server = installFakeServer({
      'POST /api/register-push-token': () => json(201, { platform: 'ios', created: true }),
    });
    plugin.platform = 'ios';
    await startNativeShell();
    expect(plugin.push.register).toHaveBeenCalledTimes(1);
    emit('registration', { value: 'apns-token-1' });
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]?.query.get('token')).toBe('apns-token-1');
    expect(server.calls[0]?.query.get('platform')).toBe('ios');
    expect(nativePushToken()).toBe('apns-token-1');
  });

  it('R-PUSH-3: without permission nothing registers, silently', async () => {
    plugin.permission = 'prompt';
    await startNativeShell();
    expect(plugin.push.register).not.toHaveBeenCalled();
    plugin.permission = 'denied';
    expect(await enableNativePush()).toBe('denied');
    expect(plugin.push.requestPermissions).not.toHaveBeenCalled();
    expect(plugin.push.register).not.toHaveBeenCalled();
  });

  it('R-PUSH-11: asking from settings prompts, registers, and resolves once the token reached the server', async () => {
    const server = installFakeServer({
      'POST /api/register-push-token': () => json(201, { platform: 'android', created: true }),
    });
    plugin.permission = 'prompt';
    await startNativeShell();
    plugin.push.requestPermissions.mockResolvedValueOnce({ receive: 'granted' });
    let settled = false;
    const result = enableNativePush().finally(() => (settled = true));
    await vi.waitFor(() => expect(plugin.push.register).toHaveBeenCalledTimes(1));
    expect(settled).toBe(false);
    emit('registration', { value: 'fcm-token-2' });
    expect(await result).toBe('enabled');
    expect(server.called('POST', '/api/register-push-token')).toBe(true);
  });

  it('R-PUSH-2: a tap opens the link in its data, never another site', async () => {
    installFakeServer();
    const navigate = vi.fn();
    const off = setNavigator(navigate);
    await startNativeShell();
    emit('pushNotificationActionPerformed', {
      actionId: 'tap',
      notification: { id: '1', data: { link: '/main_dashboard/conversations/direct/c1#message-m1' } },
    });
    expect(navigate).toHaveBeenCalledWith('/main_dashboard/conversations/direct/c1#message-m1');
    emit('pushNotificationActionPerformed', {
      actionId: 'tap',
      notification: { id: '2', data: { link: 'https://evil.example/phish' } },
    });
    expect(navigate).toHaveBeenLastCalledWith('/');
    off();
  });

  it('R-NATIVE-10: a tap on an ios (APNs) notification opens its link: the payload is the data', async () => {
    installFakeServer();
    const navigate = vi.fn();
    const off = setNavigator(navigate);
    await startNativeShell();
    // On ios the plugin hands over the APNs payload as `data`: `aps` beside the server's own keys.
    emit('pushNotificationActionPerformed', {
      actionId: 'tap',
      notification: {
        id: '3',
        data: {
          aps: {
            alert: { title: '#general', body: 'Water is off' },
            badge: 2,
            'thread-id': 'conversation:c9',
          },
          link: '/main_dashboard/conversations/channel/c9#message-m4',
          conversationId: 'c9',
          count: 1,
        },
      },
    });
    expect(navigate).toHaveBeenCalledWith('/main_dashboard/conversations/channel/c9#message-m4');
    emit('pushNotificationActionPerformed', {
      actionId: 'tap',
      notification: { id: '4', data: { aps: { alert: 'x' }, link: '/announcements' } },
    });
    expect(navigate).toHaveBeenLastCalledWith('/announcements');
    off();
  });

  it('R-PUSH-12: back goes back while there is history, else exits the app', async () => {
    installFakeServer();
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    await startNativeShell();
    emit('backButton', { canGoBack: true });
    expect(back).toHaveBeenCalledTimes(1);
    expect(plugin.app.exitApp).not.toHaveBeenCalled();
    emit('backButton', { canGoBack: false });
    expect(plugin.app.exitApp).toHaveBeenCalledTimes(1);
    back.mockRestore();
  });

  it('R-PUSH-11: turning push off unregisters the token, then the plugin', async () => {
    const server = installFakeServer({
      'POST /api/register-push-token': () => json(201, { platform: 'android', created: true }),
      'DELETE /api/unregister-push-token': () => json(200, { removed: 1 }),
    });
    await startNativeShell();
    emit('registration', { value: 'fcm-token-9' });
    await vi.waitFor(() => expect(server.calls).toHaveLength(1));
    expect(await disableNativePush()).toBe(true);
    const removal = server.calls[1];
    expect(removal?.method).toBe('DELETE');
    expect(removal?.query.get('token')).toBe('fcm-token-9');
    expect(removal?.query.get('platform')).toBe('android');
    expect(plugin.push.unregister).toHaveBeenCalledTimes(1);
    expect(nativePushToken()).toBeNull();
  });

  it('does nothing on the web', async () => {
    plugin.platform = 'web';
    await startNativeShell();
    expect(plugin.listeners.size).toBe(0);
    expect(await enableNativePush()).toBe('denied');
  });
});
