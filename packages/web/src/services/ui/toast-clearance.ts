/**
 * Keeps toasts off the composer, the newest message and a dialog's buttons (R-PWA-10). Toasts
 * stay at the bottom, but while something a resident must reach sits in the band where they
 * appear, they move up above it: the distance is written to `--toast-clearance` on the root, which the toaster's
 * bottom offset reads.
 */

/**
 * What toasts must not cover: marked elements (the composer, a settings switch with its
 * explanation), the newest message of an open
 * conversation (the last row of its list) with the receipt under it, and the buttons of open dialogs.
 */
const TOAST_OBSTACLES = [
  '[data-toast-avoid]',
  '[data-message-list] article[data-message-id]:last-of-type',
  '[data-message-list] [data-read-receipt]',
  '[role="dialog"] button',
  '[role="alertdialog"] button',
  '[role="dialog"] a[href]',
].join(', ');

/** Height of the band above the screen's bottom edge that a stack of toasts takes. */
export const TOAST_BAND_PX = 150;
/** Space left between an obstacle and the toasts above it. */
const GAP_PX = 8;

interface Box {
  top: number;
  bottom: number;
  height: number;
}

/** The least room kept above the toasts, so a tall obstacle never pushes them off the screen. */
const TOP_ROOM_PX = 120;

/**
 * Pixels from the screen's bottom the toasts must keep: 0 when nothing in the band needs them to
 * move, else enough to clear the highest obstacle that reaches into the band. Moving up brings the
 * band up with them, so what sits right above a cleared obstacle (the newest message above the
 * composer) is cleared too; never so far that the toasts leave the screen.
 */
export function toastClearance(viewportHeight: number, obstacles: readonly Box[]): number {
  const most = Math.max(0, viewportHeight - TOP_ROOM_PX);
  let clearance = 0;
  for (;;) {
    let next = clearance;
    for (const box of obstacles) {
      const bandTop = viewportHeight - clearance - TOAST_BAND_PX;
      if (box.height === 0 || box.bottom <= bandTop || box.top >= viewportHeight) continue;
      next = Math.max(next, Math.ceil(viewportHeight - box.top + GAP_PX));
    }
    next = Math.min(next, most);
    if (next === clearance) return clearance;
    clearance = next;
  }
}

/** Measures the page now and writes the clearance; returns the value written. */
export function updateToastClearance(doc: Document = document): number {
  const view = doc.defaultView;
  if (!view) return 0;
  const boxes = [...doc.querySelectorAll(TOAST_OBSTACLES)].map((element) => element.getBoundingClientRect());
  const clearance = toastClearance(view.innerHeight, boxes);
  doc.documentElement.style.setProperty('--toast-clearance', `${clearance}px`);
  return clearance;
}

/**
 * Measures again after the page changes (an element added, a dialog opened, a resize, typing that
 * grows the composer, the message list scrolled), at most once a frame. Returns the function that
 * stops it.
 */
export function watchToastClearance(doc: Document = document): () => void {
  const view = doc.defaultView;
  if (!view) return () => undefined;
  let frame = 0;
  const schedule = () => {
    if (frame === 0)
      frame = view.requestAnimationFrame(() => {
        frame = 0;
        updateToastClearance(doc);
      });
  };
  const observer = new view.MutationObserver(schedule);
  observer.observe(doc.body, { childList: true, subtree: true });
  view.addEventListener('resize', schedule);
  doc.addEventListener('input', schedule, true);
  // Scrolling moves the newest message in and out of the band; scroll events do not bubble.
  doc.addEventListener('scroll', schedule, { capture: true, passive: true });
  schedule();
  return () => {
    observer.disconnect();
    view.removeEventListener('resize', schedule);
    doc.removeEventListener('input', schedule, true);
    doc.removeEventListener('scroll', schedule, { capture: true });
    if (frame !== 0) view.cancelAnimationFrame(frame);
  };
}
