/**
 * Push in the Capacitor app (R-PUSH-11): FCM/APNs registration through @capacitor/push-notifications,
 * the token registered with this platform (android or ios), and a tap on a notification opening
 * the link in its data. Failures are only logged; a denied permission stops silently.
 */
import { PushNotifications, type ActionPerformed, type Token } from '@capacitor/push-notifications';
import { callApi } from '../http/client.ts';
import { getPlatform, isNativePlatform } from '../device/platform.ts';
import { logger } from '../logger/logger.ts';
import { notificationTarget } from '../pwa/sw-rules.ts';

/** The token of the last registration, so it can be unregistered on this device. */
let currentToken: string | null = null;

/**
 * The plugin hands the token over as an event after register() returned; the settings screen
 * reloads the device list once enableNativePush resolves, so that waits for the token to reach the
 * server (or for this long, when the platform never answers).
 */
const REGISTRATION_WAIT_MS = 10_000;
let registrationSettled: (() => void) | null = null;

/** Where a tapped notification goes: its data.link on our own origin (never another site). */
function linkOfAction(action: ActionPerformed, origin: string): string {
  const target = new URL(notificationTarget(action.notification.data, origin));
  return `${target.pathname}${target.search}${target.hash}`;
}

/**
 * Wires the plugin's listeners once: a token to register, a registration error to log, a tap to
 * navigate. Returns a function removing them.
 */
export async function listenForNativePush(open: (path: string) => void): Promise<() => Promise<void>> {
  const handles = await Promise.all([
    PushNotifications.addListener('registration', (token: Token) => {
      currentToken = token.value;
      const platform = getPlatform();
      if (platform === 'web') return;
      callApi('registerPushToken', { query: { token: token.value, platform } })
        .catch((error: unknown) => logger.error('Push registration failed', error))
        .finally(() => {
          registrationSettled?.();
          registrationSettled = null;
        });
    }),
    PushNotifications.addListener('registrationError', (error) =>
      logger.error('Push registration failed', error),
    ),
    PushNotifications.addListener('pushNotificationActionPerformed', (action) =>
      open(linkOfAction(action, window.location.origin)),
    ),
  ]);
  return async () => {
    await Promise.all(handles.map((handle) => handle.remove()));
  };
}

/** Asks for permission and registers with FCM/APNs; 'registration' then carries the token. */
export async function enableNativePush(): Promise<'enabled' | 'denied' | 'failed'> {
  if (!isNativePlatform()) return 'denied';
  try {
    let status = await PushNotifications.checkPermissions();
    if (status.receive === 'prompt' || status.receive === 'prompt-with-rationale')
      status = await PushNotifications.requestPermissions();
    if (status.receive !== 'granted') return 'denied';
    const registered = new Promise<void>((resolve) => {
      registrationSettled = resolve;
      setTimeout(resolve, REGISTRATION_WAIT_MS);
    });
    await PushNotifications.register();
    await registered;
    return 'enabled';
  } catch (error) {
    logger.error('Push registration failed', error);
    return 'failed';
  }
}

/** Whether the app has a token registered in this run. */
export function nativePushToken(): string | null {
  return currentToken;
}

/** Unregisters this device's token and stops FCM/APNs delivery; false when that failed. */
export async function disableNativePush(): Promise<boolean> {
  try {
    const platform = getPlatform();
    if (currentToken && platform !== 'web')
      await callApi('unregisterPushToken', { query: { token: currentToken, platform } });
    await PushNotifications.unregister();
    currentToken = null;
    return true;
  } catch (error) {
    logger.error('Push unregistration failed', error);
    return false;
  }
}
