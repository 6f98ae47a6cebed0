/**
 * The native app's shell services: push registration and taps through
 * @capacitor/push-notifications, and the android back button through @capacitor/app (back in the
 * app's history, or leave the app at its root).
 */
import { App } from '@capacitor/app';
import { PushNotifications } from '@capacitor/push-notifications';
import { logger } from '../services/logger/logger.ts';
import { navigateTo } from '../navigation/navigate.ts';
import { isNativePlatform } from '../services/device/platform.ts';
import { listenForNativePush } from '../services/push/native-push.ts';

/** R-PUSH-12: the hardware back button goes back while there is history, else exits. */
async function listenForBackButton(): Promise<void> {
  await App.addListener('backButton', ({ canGoBack }) => {
    if (canGoBack) window.history.back();
    else void App.exitApp();
  });
}

/**
 * Starts the native services: the back button, and push listeners; when the resident already
 * allowed notifications, registration runs at once so a new token reaches the server (the settings
 * screen asks for permission the first time).
 */
export async function startNativeShell(): Promise<void> {
  if (!isNativePlatform()) return;
  await listenForBackButton();
  await listenForNativePush(navigateTo);
  const status = await PushNotifications.checkPermissions();
  if (status.receive === 'granted') await PushNotifications.register();
}

/** For start.ts: failures are logged, never thrown into start-up. */
export function startNativeShellLogged(): void {
  startNativeShell().catch((error: unknown) => logger.error('Native shell start failed', error));
}
