/**
 * Starts the client platform services once, from main.tsx: the theme (before first paint, so
 * there is no flash), the diagnostic logger and its performance telemetry, the memory monitor,
 * the conversation activity list, the web safe area, style preloading and, on the web, the
 * service worker; in the native app, push and the back button. Safe to call twice (the second call does nothing).
 */
import '../styles/theme.css';
import { logger } from '../services/logger/logger.ts';
import { startPerformanceTelemetry } from '../services/logger/logger-vitals.ts';
import { memoryMonitor } from '../services/device/memory.ts';
import { isNativePlatform } from '../services/device/platform.ts';
import { clearOfflineData, registerServiceWorker, serviceWorkerSupported } from './pwa.ts';
import { registerSessionCleanup } from '../services/session/session-cleanup.ts';
import { applyWebSafeArea, scheduleStylePreloads } from '../services/device/style-preload.ts';
import { useActivityStore } from '../stores/activity.ts';
import { useThemeStore } from '../stores/theme.ts';
import { startNativeShellLogged } from './native-shell.ts';

let started = false;

/**
 * Runs `work` once the page has loaded and the main thread is idle: the service worker and the
 * web-vitals observers are not needed for the first screen, and their chunks and start-up would
 * compete with it (R-DELIVERY-8). web-vitals reads buffered entries, so nothing is missed.
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
    startPerformanceTelemetry(logger).catch((error: unknown) =>
      logger.error('Performance telemetry failed to start', error),
    );
  });
  memoryMonitor.start();
  useActivityStore.getState().load();
  scheduleStylePreloads();
  if (isNativePlatform()) {
    startNativeShellLogged();
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
