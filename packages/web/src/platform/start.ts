/**
 * Starts the client platform services once, from main.tsx: the theme (before first paint, so
 * there is no flash), the diagnostic logger and its performance telemetry, the memory monitor,
 * the conversation activity list, the web safe area, style preloading and, on the web, the
 * service worker; in the native app, its bearer sign-in, push and the back button, all
 * loaded lazily so the web bundle does not carry them. Safe to call twice (the second call does nothing).
 */
import '../styles/theme.css';
import { logger } from '../services/logger/logger.ts';
import { memoryMonitor } from '../services/device/memory.ts';
import { getPlatform, isNativePlatform } from '../services/device/platform.ts';
import { installNativeCredentials } from '../services/http/client.ts';
import { clearOfflineData, registerServiceWorker, serviceWorkerSupported } from './pwa.ts';
import { registerSessionCleanup } from '../services/session/session-cleanup.ts';
import { applyWebSafeArea, scheduleStylePreloads } from '../services/device/style-preload.ts';
import { useActivityStore } from '../stores/activity.ts';
import { useThemeStore } from '../stores/theme.ts';

let started = false;

/**
 * The native app calls the server with a bearer token kept in the secure store: the client waits
 * for it to be read before its first call, so the session check at start is already signed.
 */
function startNativeClient(): void {
  const session = import('./native-session.ts');
  const credentials = {
    platform: getPlatform(),
    token: null as string | null,
    ready: session
      .then(async ({ readStoredToken, resumeSession }) => {
        credentials.token = await readStoredToken();
        resumeSession(credentials.token);
      })
      .catch((error: unknown) => logger.error('Native sign-in failed to start', error)),
    persist: (token: string | null) => session.then(({ keepToken }) => keepToken(token)),
  };
  installNativeCredentials(credentials);
  import('./native-shell.ts')
    .then(({ startNativeShellLogged }) => startNativeShellLogged())
    .catch((error: unknown) => logger.error('Native shell failed to load', error));
}

/**
 * Runs `work` once the page has loaded and the main thread is idle: the service worker and the
 * web-vitals observers are not needed for the first screen, and their chunks and start-up would
 * compete with it. web-vitals reads buffered entries, so nothing is missed.
 */
function afterStartUp(work: () => void): void {
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 3000 });
    else setTimeout(work, 200);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

export function startPlatform(): void {
  if (started) return;
  started = true;
  useThemeStore.getState().init();
  logger.start();
  afterStartUp(() => {
    import('../services/logger/logger-vitals.ts')
      .then(({ startPerformanceTelemetry }) => startPerformanceTelemetry(logger))
      .catch((error: unknown) => logger.error('Performance telemetry failed to start', error));
  });
  memoryMonitor.start();
  useActivityStore.getState().load();
  scheduleStylePreloads();
  if (isNativePlatform()) {
    startNativeClient();
    return;
  }
  applyWebSafeArea();
  // Sign-out: the next person on this device must not open the previous resident's cached chats.
  registerSessionCleanup(clearOfflineData);
  // Only built apps get a worker: in development it would cache the dev server's modules.
  if (import.meta.env.PROD && serviceWorkerSupported()) {
    afterStartUp(() => {
      registerServiceWorker().catch((error: unknown) =>
        logger.error('Service worker registration failed', error),
      );
    });
  }
}
