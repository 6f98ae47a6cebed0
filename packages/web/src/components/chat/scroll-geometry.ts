/**
 * Reading and setting the message list's scroll position (use-chat-scroll.ts). Plain DOM
 * measurements, so the list keeps its place the same way in every engine: iOS Safari and the
 * Capacitor app's WKWebView have no CSS scroll anchoring (`overflow-anchor`).
 */

/** Within this many pixels of the bottom the reader counts as at the bottom (sub-pixel rounding, zoom). */
const AT_BOTTOM_PX = 8;

/** Rows that can hold the view in place: messages, not day labels (see findAnchor). */
const ANCHOR_SELECTOR = '[data-message-id]';

/** A row the view is held on: which message, and how far its top is from the container's top. */
export interface ScrollAnchor {
  messageId: string;
  offset: number;
}

export const distanceFromBottom = (container: HTMLElement) =>
  container.scrollHeight - container.clientHeight - container.scrollTop;

export const isAtBottom = (container: HTMLElement) => distanceFromBottom(container) <= AT_BOTTOM_PX;

export function scrollToBottom(container: HTMLElement): void {
  container.scrollTop = container.scrollHeight;
}

/** The row of one message, found by its data attribute (no selector escaping for odd ids). */
export const messageRow = (container: HTMLElement, messageId: string) =>
  [...container.querySelectorAll<HTMLElement>(ANCHOR_SELECTOR)].find(
    (row) => row.dataset.messageId === messageId,
  );

const topOf = (row: Element, container: HTMLElement) =>
  row.getBoundingClientRect().top - container.getBoundingClientRect().top;

/**
 * The first message row still visible at the top of the container. Day labels never anchor: a label
 * stays at the top of its day while an older page of the same day is put in above its messages, so
 * holding the label still would push the messages the reader was looking at down the screen.
 */
export function findAnchor(container: HTMLElement): ScrollAnchor | null {
  const rows = container.querySelectorAll<HTMLElement>(ANCHOR_SELECTOR);
  const containerTop = container.getBoundingClientRect().top;
  // Rows run top to bottom, so the first one whose bottom is below the container's top is found
  // by halving: a list of 200 rows costs 8 measurements per scroll event, not 200.
  let low = 0;
  let high = rows.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (rows[middle]!.getBoundingClientRect().bottom > containerTop) {
      found = middle;
      high = middle - 1;
    } else low = middle + 1;
  }
  const row = found >= 0 ? rows[found]! : rows[rows.length - 1];
  if (!row?.dataset.messageId) return null;
  return { messageId: row.dataset.messageId, offset: topOf(row, container) };
}

/**
 * Scrolls so the anchor's row is again `offset` pixels below the container's top. Works whatever
 * changed around it: rows put in above, rows trimmed off either end, rows above that grew.
 * Returns false when the row is gone (the window was replaced).
 */
export function restoreAnchor(container: HTMLElement, anchor: ScrollAnchor): boolean {
  const row = messageRow(container, anchor.messageId);
  if (!row) return false;
  const moved = topOf(row, container) - anchor.offset;
  if (moved !== 0) container.scrollTop += moved;
  return true;
}

/** Scrolls the container, and only the container (not the page around it), to centre `row`. */
export function centreOn(container: HTMLElement, row: HTMLElement): void {
  const rowHeight = row.getBoundingClientRect().height;
  container.scrollTop += topOf(row, container) - (container.clientHeight - rowHeight) / 2;
}

/** Room above a row put near the top: the "New messages" line and a day label above it stay in view. */
const ABOVE_ROW_PX = 56;

/**
 * Scrolls so `row` is near the container's top (R-MSG-22: the first unread message). The browser
 * clamps the position, so when everything from the row down fits on screen the view is at the bottom.
 */
export function showNearTop(container: HTMLElement, row: HTMLElement): void {
  container.scrollTop += topOf(row, container) - ABOVE_ROW_PX;
}
