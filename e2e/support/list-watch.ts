/** What a reader of the message list sees while it settles (e2e and bench). */
import type { Page } from 'playwright-core';

/**
 * Watches what the reader sees while the list settles: after every change of the list's size (in a
 * resize observer made after the app's, so it sees the app's correction) and every scroll, how far
 * the view is from the bottom. Chromium's layout-shift score is no measure here: it counts the
 * list's own compensating scroll as a shift of every row.
 */
export const WATCH_BOTTOM = `
  window.__offBottom = [];
  const watch = () => {
    const list = document.querySelector('[aria-label="Messages"][role="region"]');
    const content = list && list.firstElementChild;
    if (!content || !list.querySelector('article[data-message-id]')) return requestAnimationFrame(watch);
    const note = () => window.__offBottom.push(list.scrollHeight - list.clientHeight - list.scrollTop);
    new ResizeObserver(note).observe(content);
    list.addEventListener('scroll', note);
  };
  requestAnimationFrame(watch);
`;
/** The farthest the view was from the bottom at any moment the reader could see. */
export const maxOffBottom = (page: Page) =>
  page.evaluate(() => Math.max(0, ...(window as unknown as { __offBottom: number[] }).__offBottom));
