import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STYLE_PRELOAD_DELAYS_MS, WEB_SAFE_AREA_BOTTOM_PX } from '@stoop/shared';
import {
  applyWebSafeArea,
  deferredStyleHrefs,
  preloadStyles,
  scheduleStylePreloads,
} from './style-preload.ts';

describe('style preload and safe area', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.head.innerHTML = '';
  });
  afterEach(() => vi.useRealTimers());

  it('R-PWA-6: preloaded 100 ms and 500 ms after start', () => {
    const task = vi.fn();
    scheduleStylePreloads(task);
    vi.advanceTimersByTime(99);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(400);
    expect(task).toHaveBeenCalledTimes(2);
    expect(STYLE_PRELOAD_DELAYS_MS).toEqual([100, 500]);
  });

  it('styles: deferred stylesheets get one preload link each', () => {
    document.head.innerHTML =
      '<link rel="prefetch" as="style" href="/assets/chat.css"><link data-preload-style href="/assets/admin.css">';
    const hrefs = deferredStyleHrefs();
    expect(hrefs).toEqual(['/assets/chat.css', '/assets/admin.css']);
    expect(preloadStyles(hrefs)).toBe(2);
    expect(preloadStyles(hrefs)).toBe(0);
    expect(document.head.querySelectorAll('link[rel="preload"][as="style"]')).toHaveLength(2);
  });

  it('R-PWA-5: web bottom inset 20 px', () => {
    applyWebSafeArea();
    expect(document.documentElement.style.getPropertyValue('--web-safe-area-bottom')).toBe(
      `${WEB_SAFE_AREA_BOTTOM_PX}px`,
    );
    expect(WEB_SAFE_AREA_BOTTOM_PX).toBe(20);
  });
});
