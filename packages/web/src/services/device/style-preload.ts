/**
 * Style preloading and the web safe area (R-PWA-6, R-PWA-5). Styles are preloaded 100 ms and 500 ms after
 * start: each tick adds `<link rel="preload" as="style">` for stylesheets the page declared as
 * deferred (`<link rel="prefetch" as="style">` or `link[data-preload-style]`), so route styles
 * are warm before the first navigation without delaying first paint.
 */
import { STYLE_PRELOAD_DELAYS_MS, WEB_SAFE_AREA_BOTTOM_PX } from '@stoop/shared';

export function deferredStyleHrefs(doc: Document = document): string[] {
  const links = doc.querySelectorAll<HTMLLinkElement>(
    'link[rel="prefetch"][as="style"], link[data-preload-style]',
  );
  return [...new Set([...links].map((l) => l.getAttribute('href') ?? '').filter(Boolean))];
}

/** Adds a preload link per href not yet preloaded; returns how many were added. */
export function preloadStyles(hrefs: readonly string[], doc: Document = document): number {
  let added = 0;
  const existing = new Set(
    [...doc.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')].map((l) =>
      l.getAttribute('href'),
    ),
  );
  for (const href of hrefs) {
    if (existing.has(href)) continue;
    existing.add(href);
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'style');
    link.href = href;
    doc.head.appendChild(link);
    added += 1;
  }
  return added;
}

/** Runs `task` at 100 ms and 500 ms after start; returns a cancel function. */
export function scheduleStylePreloads(
  task: () => void = () => void preloadStyles(deferredStyleHrefs()),
): () => void {
  const timers = STYLE_PRELOAD_DELAYS_MS.map((delay) => setTimeout(task, delay));
  return () => timers.forEach((t) => clearTimeout(t));
}

/** Web bottom inset of 20 px as --web-safe-area-bottom (theme.css folds it into --safe-area-bottom). */
export function applyWebSafeArea(root: HTMLElement = document.documentElement): void {
  root.style.setProperty('--web-safe-area-bottom', `${WEB_SAFE_AREA_BOTTOM_PX}px`);
}
