/**
 * Service worker registration with workbox-window: raises the update-available and
 * offline-ready flags, checks for a new worker every 3600 s, and on "Reload" lets the waiting
 * worker take over and reloads once it controls the page. Web only: the native apps ship their
 * files inside the app bundle.
 */
import { SERVICE_WORKER_UPDATE_INTERVAL_MS } from '@stoop/shared';
import { usePwaStore } from '../stores/pwa.ts';
import { SW_MESSAGES } from '../services/pwa/sw-rules.ts';

export const SERVICE_WORKER_URL = '/sw.js';

/** The slice of workbox-window's Workbox we use (an interface so tests can fake it). */
export interface WorkboxLike {
  addEventListener(
    type: 'waiting' | 'installed' | 'controlling',
    listener: (event: { isUpdate?: boolean }) => void,
  ): void;
  register(): Promise<ServiceWorkerRegistration | undefined>;
  update(): Promise<void>;
  messageSkipWaiting(): void;
}

export interface RegisterOptions {
  createWorkbox?: (url: string) => WorkboxLike;
  reload?: () => void;
}

let registered: WorkboxLike | null = null;
let updateTimer: ReturnType<typeof setInterval> | undefined;

export function serviceWorkerSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

export async function registerServiceWorker(options: RegisterOptions = {}): Promise<WorkboxLike | null> {
  if (registered) return registered;
  const reload = options.reload ?? (() => window.location.reload());
  // workbox-window loads as its own chunk, off the first load.
  let createWorkbox = options.createWorkbox;
  if (!createWorkbox) {
    const { Workbox } = await import('workbox-window');
    createWorkbox = (url: string) => new Workbox(url, { scope: '/' });
  }
  if (registered) return registered;
  const wb = createWorkbox(SERVICE_WORKER_URL);
  registered = wb;
  const store = usePwaStore.getState();
  let reloadRequested = false;

  wb.addEventListener('waiting', () => store.setUpdateAvailable(true));
  wb.addEventListener('installed', (event) => {
    // The first install makes the app usable offline; a later one is an update (see 'waiting').
    if (!event.isUpdate) store.setOfflineReady(true);
  });
  wb.addEventListener('controlling', () => {
    if (reloadRequested) reload();
  });
  store.setApplyUpdate(() => {
    reloadRequested = true;
    wb.messageSkipWaiting();
  });

  await wb.register();
  updateTimer = setInterval(() => {
    // An offline check would only fail; the next tick tries again.
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
    wb.update().catch(() => undefined);
  }, SERVICE_WORKER_UPDATE_INTERVAL_MS);
  return wb;
}

/** Forgets the registration (tests). */
export function resetServiceWorkerRegistration(): void {
  clearInterval(updateTimer);
  updateTimer = undefined;
  registered = null;
}

/**
 * Drops the cached API answers (call at sign-out): the next person on this device must not open
 * the previous resident's conversations offline.
 */
export async function clearOfflineData(): Promise<void> {
  if (!serviceWorkerSupported()) return;
  const reg = await navigator.serviceWorker.getRegistration();
  reg?.active?.postMessage({ type: SW_MESSAGES.clearApiCache });
}
