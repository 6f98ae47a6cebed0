/**
 * Push on this device, whichever shell runs the app: the Capacitor plugin in the native app, Web
 * Push in a browser. The settings screen talks to this alone.
 */
import { isNativePlatform } from '../device/platform.ts';
import { disableNativePush, enableNativePush, nativePushToken } from './native-push.ts';
import {
  currentSubscription,
  disableWebPush,
  enableWebPush,
  notificationPermission,
  webPushSupport,
  type EnableResult,
} from './web-push.ts';

export function pushAvailable(): boolean {
  return isNativePlatform() || webPushSupport() === 'supported';
}

/** Whether this device is subscribed now (permission granted and a subscription or token held). */
export async function pushOnHere(): Promise<boolean> {
  if (isNativePlatform()) return nativePushToken() !== null;
  if (notificationPermission() !== 'granted') return false;
  return (await currentSubscription()) !== null;
}

/** Call from the click that asked for it: the permission prompt needs a user gesture. */
export function turnPushOn(): Promise<EnableResult> {
  return isNativePlatform() ? enableNativePush() : enableWebPush();
}

export function turnPushOff(): Promise<boolean> {
  return isNativePlatform() ? disableNativePush() : disableWebPush();
}
