/**
 * Web Push on this browser (R-PUSH-1, R-PUSH-3, R-PUSH-4): subscribe with the server's VAPID key and
 * register the subscription, or unsubscribe and unregister it. Failures are only logged; a denied
 * permission stops silently.
 */
import { callApi } from '../http/client.ts';
import { logger } from '../logger/logger.ts';

export type WebPushSupport = 'supported' | 'unsupported';

/** Push needs a service worker, the Push API and notifications (iOS Safari: only when installed). */
export function webPushSupport(): WebPushSupport {
  const ok =
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window;
  return ok ? 'supported' : 'unsupported';
}

export function notificationPermission(): NotificationPermission {
  return webPushSupport() === 'supported' ? Notification.permission : 'denied';
}

/** The VAPID key (base64url) as the bytes pushManager.subscribe wants. */
function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** R-PUSH-4: the token is the subscription's JSON (callApi URL-encodes the query). */
function subscriptionToken(subscription: PushSubscription): string {
  return JSON.stringify(subscription.toJSON());
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

/** This browser's current subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (webPushSupport() !== 'supported') return null;
  return (await registration()).pushManager.getSubscription();
}

export type EnableResult = 'enabled' | 'denied' | 'failed';

/**
 * Asks for permission (call it from the click that asked for push: browsers refuse a prompt
 * without a user gesture), subscribes and registers. 'denied' stops silently (R-PUSH-3).
 */
export async function enableWebPush(): Promise<EnableResult> {
  if (webPushSupport() !== 'supported') return 'denied';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  try {
    const reg = await registration();
    const existing = await reg.pushManager.getSubscription();
    const subscription =
      existing ??
      (await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: applicationServerKey((await callApi('getVapidPublicKey')).publicKey),
      }));
    await callApi('registerPushToken', {
      query: { token: subscriptionToken(subscription), platform: 'web' },
    });
    return 'enabled';
  } catch (error) {
    logger.error('Push registration failed', error);
    return 'failed';
  }
}

/** Unregisters this browser and drops its subscription; false when that failed (only logged). */
export async function disableWebPush(): Promise<boolean> {
  try {
    const subscription = await currentSubscription();
    if (!subscription) return true;
    await callApi('unregisterPushToken', {
      query: { token: subscriptionToken(subscription), platform: 'web' },
    });
    await subscription.unsubscribe();
    return true;
  } catch (error) {
    logger.error('Push unregistration failed', error);
    return false;
  }
}
