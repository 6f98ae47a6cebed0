/**
 * The server draws a conversation's newest messages into the page it sends for the
 * conversation's URL (packages/shared/src/first-view.ts), fixed over the app while it starts. The
 * conversation page removes it once its own list is on screen; the router removes it when the app
 * settles on any other path (a redirect, say), so it never stays over a screen it does not match.
 */
import { FIRST_VIEW_ELEMENT_ID } from '@stoop/shared/first-view';

const firstView = () => document.getElementById(FIRST_VIEW_ELEMENT_ID);

/** Removes the server's first view, if it is still there. */
export function dismissFirstView(): void {
  firstView()?.remove();
}

/** Removes the first view unless it was drawn for `pathname`. */
export function dismissFirstViewUnlessFor(pathname: string): void {
  const view = firstView();
  if (view && view.dataset.path !== pathname) view.remove();
}
