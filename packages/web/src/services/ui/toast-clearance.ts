/**
 * Keeps toasts off the composer and a dialog's buttons (R-PWA-10). Toasts stay at the bottom
 * (R-PWA-7), but while something a resident must reach sits in the band where they appear, they
 * move up above it: the distance is written to `--toast-clearance` on the root, which the toaster's
 * bottom offset reads.
 */

/** What toasts must not cover: marked elements (the composer) and the buttons of open dialogs. */
const TOAST_OBSTACLES =
  '[data-toast-avoid], [role="dialog"] button, [role="alertdialog"] button, [role="dialog"] a[href]';

/** Height of the band above the screen's bottom edge that a stack of toasts takes. */
export const TOAST_BAND_PX = 150;
/** Space left between an obstacle and the toasts above it. */
const GAP_PX = 8;

interface Box {
  top: number;
  bottom: number;
  height: number;
}

/**
 * Pixels from the screen's bottom the toasts must keep: 0 when nothing in the band needs them to
 * move, else enough to clear the highest obstacle that reaches into the band.
 */
export function toastClearance(viewportHeight: number, obstacles: readonly Box[]): number {
  let clearance = 0;
  for (const box of obstacles) {
    if (box.height === 0 || box.bottom <= viewportHeight - TOAST_BAND_PX || box.top >= viewportHeight)
      continue;
    clearance = Math.max(clearance, Math.ceil(viewportHeight - box.top + GAP_PX));
  }
  return clearance;
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
 * grows the composer), at most once a frame. Returns the function that stops it.
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
  schedule();
  return () => {
    observer.disconnect();
    view.removeEventListener('resize', schedule);
    doc.removeEventListener('input', schedule, true);
    if (frame !== 0) view.cancelAnimationFrame(frame);
  };
}
