import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('./pwa.ts', () => ({
  registerServiceWorker: vi.fn(() => Promise.resolve(null)),
  serviceWorkerSupported: () => true,
  clearOfflineData: vi.fn(() => Promise.resolve()),
}));
vi.mock('web-vitals', () => ({
  onCLS: vi.fn(),
  onFCP: vi.fn(),
  onINP: vi.fn(),
  onLCP: vi.fn(),
  onTTFB: vi.fn(),
}));

import { startPlatform } from './start.ts';
import { logger } from '../services/logger/logger.ts';
import { memoryMonitor } from '../services/device/memory.ts';
import { clearOfflineData } from './pwa.ts';
import { runSessionCleanup } from '../services/session/session-cleanup.ts';
import { WEB_SAFE_AREA_BOTTOM_PX } from '@stoop/shared';

describe('startPlatform', () => {
  afterEach(() => {
    logger.stop();
    memoryMonitor.stop();
    vi.useRealTimers();
  });

  // One test, not two: startPlatform runs once per module instance and tests run in a random
  // order, so a second test calling it first would leave this one nothing to start.
  it('platform: starts theme, safe area and services once; a second call does nothing; R-SESSION-4: signing out drops the conversations the service worker cached', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    const start = vi.spyOn(logger, 'start');
    startPlatform();
    startPlatform();
    expect(start).toHaveBeenCalledTimes(1);
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(document.documentElement.style.getPropertyValue('--web-safe-area-bottom')).toBe(
      `${WEB_SAFE_AREA_BOTTOM_PX}px`,
    );
    vi.unstubAllGlobals();
    vi.useRealTimers();

    await runSessionCleanup();
    expect(clearOfflineData).toHaveBeenCalled();
  });
});
