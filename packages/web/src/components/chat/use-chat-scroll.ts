/**
 * Scrolling for the message list (MessageList.tsx), a plain scroll container that renders every
 * row: the conversation's window is at most R-CACHE-2's 200 messages (R-MSG-11), so no
 * virtualiser is needed. After each change the list puts the view where the reader expects it
 * (R-MSG-17):
 *
 * - on open, and when a page replaced the window (`generation`), at the newest end;
 * - at a jump target (a search result) once per jump, centred;
 * - at the bottom, when the reader was there and the window was at its newest end (live messages);
 * - otherwise where it was: the first visible message row keeps its distance from the top, whatever
 *   came or went around it (older pages put in above, the far end trimmed, rows that grew).
 *
 * It asks for older pages near the top (while `hasMore`) and newer ones near the bottom (while
 * `hasNewer`), also when a new page leaves the content too short to scroll. It does not use CSS
 * scroll anchoring: iOS Safari and the app's WKWebView lack it, and where Chromium has it, it would
 * move the view a second time (the container sets `overflow-anchor: none`).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import {
  centreOn,
  distanceFromBottom,
  findAnchor,
  isAtBottom,
  messageRow,
  restoreAnchor,
  scrollToBottom,
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
  });

  const record = useCallback((container: HTMLElement) => {
    // A hidden list (display: none) measures as empty and "at the bottom": keep the place it had.
    if (container.clientHeight === 0) return;
    place.current.anchor = findAnchor(container);
    place.current.atBottom = isAtBottom(container);
  }, []);

  // After every commit of the list, before the browser paints: put the view where it belongs.
  useLayoutEffect(() => {
    latest.current = options;
    const container = containerRef.current;
    if (!container) return;
    const now = place.current;
    const jumpRow = options.pendingJumpId ? messageRow(container, options.pendingJumpId) : undefined;
    if (jumpRow) {
      // Instant, not smooth: a smooth scroll across many rows lands late and fights the anchoring.
      centreOn(container, jumpRow);
      options.onJumped();
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
  // keep a reader at the bottom there, and anyone else on the row they were reading.
  useEffect(() => {
    const container = containerRef.current;
    const content = contentRef.current;
    if (!container || !content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const now = place.current;
      if (now.atBottom && !latest.current.hasNewer) scrollToBottom(container);
      else if (now.anchor) restoreAnchor(container, now.anchor);
      record(container);
      if (entries.some((entry) => entry.target === container)) loadAtEdges(container, latest.current);
    });
    observer.observe(container);
    observer.observe(content);
    return () => observer.disconnect();
  }, [record]);

  const onScroll = useCallback(() => {
    const container = containerRef.current;
    if (!container) return;
    record(container);
    loadAtEdges(container, latest.current);
  }, [record]);

  const captureBeforeCommit = useCallback(() => {
    if (containerRef.current) record(containerRef.current);
  }, [record]);

  return { containerRef, contentRef, onScroll, captureBeforeCommit };
}
