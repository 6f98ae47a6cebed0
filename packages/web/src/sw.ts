/// <reference lib="webworker" />
/**
 * Stoop's service worker (built by vite-plugin-pwa, injectManifest, served at /sw.js).
 * - precaches the app shell; navigations get the shell (the SPA routes itself), or the offline
 *   page when even the shell is missing;
 * - GET /api/conversations and /api/conversations/{id}/messages are NetworkFirst, so recently
 *   opened conversations still open offline;
 * - waits for the page's "Reload" (SKIP_WAITING) before taking over, so an update never swaps
 *   code under a resident mid-typing;
 * - push: one notification per conversation, re-alerting when a burst updates it;
 *   notificationclick focuses an open window and navigates it to the link in the notification's
 *   data, else opens one there (R-PUSH-2).
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import {
  API_CACHE_NAME,
  isCachedApiPath,
  notificationFromPush,
  notificationTarget,
  parsePushPayload,
  SW_MESSAGES,
} from './services/pwa/sw-rules.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const SHELL = 'index.html';
const OFFLINE_PAGE = 'offline.html';

registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && !url.pathname.startsWith('/api/'),
  async ({ request }) => {
    const shell = await matchPrecache(SHELL);
    if (shell) return shell;
    try {
      return await fetch(request);
    } catch {
      return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
    }
  },
);

registerRoute(
  ({ request, url }) =>
    request.method === 'GET' && url.origin === self.location.origin && isCachedApiPath(url.pathname),
  new NetworkFirst({ cacheName: API_CACHE_NAME }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === SW_MESSAGES.skipWaiting) void self.skipWaiting();
  // Sign-out: another resident may use this device next; their cached conversations must go.
  if (data?.type === SW_MESSAGES.clearApiCache)
    event.waitUntil(caches.delete(API_CACHE_NAME).then(() => undefined));
});

/** Shows what the server sent, one notification per conversation. */
self.addEventListener('push', (event: PushEvent) => {
  const payload = parsePushPayload(event.data);
  event.waitUntil(
    (async () => {
      const tag = (payload as { tag?: unknown }).tag;
      const shown = typeof tag === 'string' ? await self.registration.getNotifications({ tag }) : [];
      const { title, options } = notificationFromPush(payload, shown.length);
      await self.registration.showNotification(title, options);
    })(),
  );
});

/** R-PUSH-2: a tap brings an open window to the link in the notification's data, else opens one. */
self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const target = notificationTarget(event.notification.data, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const client = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (client) {
        // Both start at once, while the click still allows window interaction; navigate() is
        // refused for a window this worker does not control (opened before it): then a new one.
        const focusing = client.focus().catch(() => undefined);
        const navigated = await client.navigate(target).catch(() => null);
        await focusing;
        if (navigated) return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
