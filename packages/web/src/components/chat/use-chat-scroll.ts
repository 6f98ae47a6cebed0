/**
 * Scrolling for the message list (MessageList.tsx), a plain scroll container that renders every
 * row: the conversation's window is at most 200 messages (the message cache's limit), so no
 * virtualiser is needed. After each change the list puts the view where the reader expects it
 *
 * - on open, and when a page replaced the window (`generation`), at the newest end; but on open
 *   with unread messages, at the first of them once it is drawn (`openAtId`);
 * - at a jump target (a search result) once per jump, centred;
 * - at the bottom, when the reader was there and the window was at its newest end (live messages);
 * - otherwise where it was: the first visible message row keeps its distance from the top, whatever
 *   came or went around it (older pages put in above, the far end trimmed, rows that grew).
 *
 * A scroll event the list caused itself (putting the view at the bottom or on its anchor) does not
 * count as the reader moving: the browser sends it a frame later, and an image or card that grew
 * meanwhile would otherwise read as "the reader left the bottom", leaving the view short of the
 * newest message. Such an event puts the view back where the rule says instead.
 *
 * It asks for older pages near the top (while `hasMore`) and newer ones near the bottom (while
 * `hasNewer`), also when a new page leaves the content too short to scroll. It does not use CSS
 * scroll anchoring: iOS Safari and the app's WKWebView lack it, and where Chromium has it, it would
 * move the view a second time (the container sets `overflow-anchor: none`).
 */
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import {
  centreOn,
  distanceFromBottom,
  findAnchor,
  isAtBottom,
  messageRow,
  restoreAnchor,
  scrollToBottom,
  showNearTop,
  type ScrollAnchor,
} from './scroll-geometry.ts';

/** How close to an end the reader gets before the next page is asked for: early, so it is there in time. */
const NEAR_EDGE_PX = 300;

export interface ChatScrollOptions {
  /** The rendered items; a new array means rows came, went or changed. */
  items: readonly unknown[];
  hasMore: boolean;
  hasNewer: boolean;
  loading: boolean;
  generation: number;
  /** The first unread message, where the list opens (once) instead of the newest end. */
  openAtId: string | null;
  /** A jump target among the items that has not been scrolled to yet. */
  pendingJumpId: string | null;
  /** Called once the pending jump target has been scrolled to. */
  onJumped: () => void;
  onLoadOlder: () => void;
  onLoadNewer: () => void;
}

export interface ChatScroll {
  containerRef: RefObject<HTMLDivElement | null>;
  /** The element around every row, header and footer: its size changes when rows grow. */
  contentRef: RefObject<HTMLDivElement | null>;
  onScroll: () => void;
  /** For BeforeCommit: records the reader's place just before the list changes on the page. */
  captureBeforeCommit: () => void;
  /** Whether the reader is at the bottom, as a state the list can render from. */
  atBottom: boolean;
  /** Puts the view at the newest message (the "new messages" pill). */
  toNewest: () => void;
}

/** Where the reader is, as last measured, and what the last positioning saw. */
interface Place {
  anchor: ScrollAnchor | null;
  atBottom: boolean;
  /** False until the first positioning, on mount. */
  positioned: boolean;
  generation: number;
  /** The window reached the newest end at the previous commit: growth at the bottom is live messages. */
  wasAtNewestEnd: boolean;
  /** The items the ends were last checked for, so a failed page is not asked for again and again. */
  itemsChecked: readonly unknown[] | null;
  /**
   * The reader has moved since the list opened (or was sent elsewhere): `openAtId` no longer holds
   * the view. Until then every commit keeps it there, also when the newest page replaces the window.
   */
  openReleased: boolean;
  /** The scrollTop the list last set itself, to tell its own scroll events from the reader's. */
  setTop: number | null;
  /** The scrollTop at the last measurement: until it moves, the reader has not moved either. */
  measuredTop: number | null;
}

function loadAtEdges(container: HTMLElement, options: ChatScrollOptions): void {
  if (options.loading) return;
  if (options.hasMore && container.scrollTop <= NEAR_EDGE_PX) options.onLoadOlder();
  else if (options.hasNewer && distanceFromBottom(container) <= NEAR_EDGE_PX) options.onLoadNewer();
}

export function useChatScroll(options: ChatScrollOptions): ChatScroll {
  const containerRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  // The options of the last commit, for the scroll and resize handlers.
  const latest = useRef(options);
  const place = useRef<Place>({
    anchor: null,
    atBottom: true,
    positioned: false,
    generation: options.generation,
    wasAtNewestEnd: !options.hasNewer,
    itemsChecked: null,
    setTop: null,
    measuredTop: null,
    openReleased: false,
  });
  const [atBottom, setAtBottom] = useState(true);

  const record = useCallback((container: HTMLElement) => {
    // A hidden list (display: none) measures as empty and "at the bottom": keep the place it had.
    if (container.clientHeight === 0) return;
    place.current.anchor = findAnchor(container);
    place.current.atBottom = isAtBottom(container);
    place.current.measuredTop = container.scrollTop;
    setAtBottom(place.current.atBottom);
  }, []);

  // The reader has not moved: keep them at the bottom (live end) or on the row they were reading.
  const reposition = useCallback((container: HTMLElement) => {
    const now = place.current;
    if (now.atBottom && !latest.current.hasNewer) scrollToBottom(container);
    else if (now.anchor) restoreAnchor(container, now.anchor);
    else return;
    now.setTop = container.scrollTop;
  }, []);

  // After every commit of the list, before the browser paints: put the view where it belongs.
  useLayoutEffect(() => {
    latest.current = options;
    const container = containerRef.current;
    if (!container) return;
    const now = place.current;
    const jumpRow = options.pendingJumpId ? messageRow(container, options.pendingJumpId) : undefined;
    const openRow =
      options.openAtId && !now.openReleased ? messageRow(container, options.openAtId) : undefined;
    if (jumpRow) {
      now.openReleased = true;
      // Instant, not smooth: a smooth scroll across many rows lands late and fights the anchoring.
      centreOn(container, jumpRow);
      options.onJumped();
    } else if (openRow) {
      showNearTop(container, openRow);
    } else if (!now.positioned || now.generation !== options.generation) {
      scrollToBottom(container);
    } else if (now.atBottom && now.wasAtNewestEnd) {
      scrollToBottom(container);
    } else if (now.anchor) {
      restoreAnchor(container, now.anchor);
    }
    now.positioned = true;
    now.generation = options.generation;
    now.wasAtNewestEnd = !options.hasNewer;
    now.setTop = container.scrollTop;
    record(container);
    // A page that came in (or the first one) may leave the reader near an end, or the content too
    // short to scroll at all: ask for the next one, as scrolling there would. Only once per set of
    // items, so a page that failed to load is not asked for in a loop.
    if (!options.loading && now.itemsChecked !== options.items) {
      now.itemsChecked = options.items;
      loadAtEdges(container, options);
    }
  });

  // Rows that grow after they render (images, link previews, the markdown renderer arriving a
  // moment later) and a container that changes size (the composer grows, the keyboard opens)
  // keep a reader at the bottom there, and anyone else on the row they were reading. Watched from
  // the commit that mounts the list: a list mounted in a transition (the conversation page) runs its
  // passive effects only after a paint, and rows that grew meanwhile would show off their place.
  useLayoutEffect(() => {
    const container = containerRef.current;
    const content = contentRef.current;
    if (!container || !content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      reposition(container);
      record(container);
      if (entries.some((entry) => entry.target === container)) loadAtEdges(container, latest.current);
    });
    observer.observe(container);
    observer.observe(content);
    return () => observer.disconnect();
  }, [record, reposition]);

  const onScroll = useCallback(() => {
    const container = containerRef.current;
    if (!container) return;
    const now = place.current;
    // Our own scroll, reported late: rows may have grown since, so apply the rule again before
    // measuring; the reader's own scroll is measured as it is.
    if (now.setTop !== null && Math.abs(container.scrollTop - now.setTop) < 1) reposition(container);
    else {
      now.setTop = null;
      now.openReleased = true;
    }
    record(container);
    loadAtEdges(container, latest.current);
  }, [record, reposition]);

  const captureBeforeCommit = useCallback(() => {
    const container = containerRef.current;
    if (!container) return;
    // Rows that grew since the last measurement (a picture decoded, a card drawn) and that the
    // resize observer has not reported yet move the bottom away from a reader who did not move:
    // measuring now would read "the reader left the bottom" and leave the view short of the
    // newest message. Only a scroll the reader made since (a moved scrollTop) is a new place.
    const { measuredTop } = place.current;
    if (measuredTop !== null && Math.abs(container.scrollTop - measuredTop) < 1) return;
    record(container);
  }, [record]);

  const toNewest = useCallback(() => {
    const container = containerRef.current;
    if (!container) return;
    scrollToBottom(container);
    place.current.setTop = container.scrollTop;
    place.current.openReleased = true;
    record(container);
  }, [record]);

  return { containerRef, contentRef, onScroll, captureBeforeCommit, atBottom, toNewest };
}
