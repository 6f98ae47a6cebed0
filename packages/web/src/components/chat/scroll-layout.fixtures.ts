/**
 * A small fake layout for the message list's tests. jsdom lays nothing out (every size and position
 * is 0), so this stacks the message rows that are in the DOM under a header, gives the list's
 * scroll container a height, and keeps and clamps its scrollTop as a browser does. Positions follow
 * the DOM, so just before a commit they are the old ones and just after it the new ones.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { User } from '@stoop/shared';
import { useAuthStore } from '../../stores/auth.ts';

const SCROLLER = '[aria-label="Messages"]';
const ROW = '[data-message-id]';

export interface FakeLayout {
  /** The visible height of the scroll container. */
  clientHeight: number;
  /** The space above the first row (the list's header)... */
  headerHeight: number;
  /** ...and how much more while the header shows its spinner. */
  spinnerHeight: number;
  /** Each row's height, by message id; rowHeight when absent. */
  heights: Map<string, number>;
  rowHeight: number;
  /** Every value the list wrote to the container's scrollTop, in order (after clamping). */
  writes: number[];
  scroller(): HTMLElement;
  /** The top of a message row, from the top of the content. */
  rowTop(messageId: string): number;
  /**
   * The reader scrolls to `top`: sets scrollTop and sends the scroll event, unless `event` is false
   * (a browser sends it with the next frame, so a change may come before it).
   */
  scrollTo(top: number, event?: boolean): void;
  /** Puts jsdom's own properties back. */
  restore(): void;
}

const rect = (top: number, height: number) =>
  ({ top, bottom: top + height, height, left: 0, right: 0, width: 0, x: 0, y: top }) as DOMRect;

function installFakeLayout(): FakeLayout {
  const proto = Element.prototype;
  const saved = (['scrollTop', 'scrollHeight', 'clientHeight'] as const).map(
    (name) => [name, Object.getOwnPropertyDescriptor(proto, name)] as const,
  );
  const savedRect = Object.getOwnPropertyDescriptor(proto, 'getBoundingClientRect');
  const scrollTops = new WeakMap<Element, number>();

  const rowsOf = (scroller: Element) => [...scroller.querySelectorAll<HTMLElement>(ROW)];
  const heightOf = (row: HTMLElement) => layout.heights.get(row.dataset.messageId!) ?? layout.rowHeight;
  // The header is the content's first child; the content is the scroller's.
  const headerOf = (scroller: Element) =>
    layout.headerHeight +
    (scroller.firstElementChild?.firstElementChild?.querySelector('.animate-spin')
      ? layout.spinnerHeight
      : 0);
  const contentHeight = (scroller: Element) =>
    headerOf(scroller) + rowsOf(scroller).reduce((sum, row) => sum + heightOf(row), 0);
  const maxScroll = (scroller: Element) => Math.max(0, contentHeight(scroller) - layout.clientHeight);
  const topInContent = (scroller: Element, target: HTMLElement) => {
    let top = headerOf(scroller);
    for (const row of rowsOf(scroller)) {
      if (row === target) return top;
      top += heightOf(row);
    }
    throw new Error(`row ${target.dataset.messageId} is not in the list`);
  };

  const layout: FakeLayout = {
    clientHeight: 400,
    headerHeight: 40,
    spinnerHeight: 16,
    heights: new Map(),
    rowHeight: 100,
    writes: [],
    scroller: () => document.querySelector<HTMLElement>(SCROLLER)!,
    rowTop: (messageId) =>
      topInContent(
        layout.scroller(),
        layout.scroller().querySelector<HTMLElement>(`[data-message-id="${messageId}"]`)!,
      ),
    scrollTo(top, event = true) {
      const scroller = layout.scroller();
      scrollTops.set(scroller, Math.min(maxScroll(scroller), Math.max(0, top)));
      if (event) scroller.dispatchEvent(new Event('scroll'));
    },
    restore() {
      for (const [name, descriptor] of saved) if (descriptor) Object.defineProperty(proto, name, descriptor);
      if (savedRect) Object.defineProperty(proto, 'getBoundingClientRect', savedRect);
    },
  };

  const scrollTopOf = (element: Element) =>
    Math.min(scrollTops.get(element) ?? 0, element.matches(SCROLLER) ? maxScroll(element) : 0);

  Object.defineProperty(proto, 'scrollHeight', {
    configurable: true,
    get(this: Element) {
      return this.matches(SCROLLER) ? contentHeight(this) : 0;
    },
  });
  Object.defineProperty(proto, 'clientHeight', {
    configurable: true,
    get(this: Element) {
      return this.matches(SCROLLER) ? layout.clientHeight : 0;
    },
  });
  Object.defineProperty(proto, 'scrollTop', {
    configurable: true,
    get(this: Element) {
      return scrollTopOf(this);
    },
    set(this: Element, value: number) {
      if (!this.matches(SCROLLER)) return;
      const clamped = Math.min(maxScroll(this), Math.max(0, value));
      scrollTops.set(this, clamped);
      layout.writes.push(clamped);
    },
  });
  Object.defineProperty(proto, 'getBoundingClientRect', {
    configurable: true,
    value(this: Element) {
      if (this.matches(SCROLLER)) return rect(0, layout.clientHeight);
      const scroller = this.closest(SCROLLER);
      if (!scroller || !this.matches(ROW)) return rect(0, 0);
      const row = this as HTMLElement;
      return rect(topInContent(scroller, row) - scrollTopOf(scroller), heightOf(row));
    },
  });
  return layout;
}

/** jsdom has no ResizeObserver: this one reports only when a test says so (undo: vi.unstubAllGlobals). */
export function installFakeResizeObserver(): { resize(target: 'content' | 'container'): void } {
  const observers: FakeResizeObserver[] = [];
  class FakeResizeObserver {
    targets: Element[] = [];
    constructor(readonly callback: ResizeObserverCallback) {
      observers.push(this);
    }
    observe(target: Element) {
      this.targets.push(target);
    }
    unobserve() {}
    disconnect() {
      this.targets = [];
    }
  }
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  return {
    resize(which) {
      for (const observer of observers) {
        const target = observer.targets.find((t) => t.matches(SCROLLER) === (which === 'container'));
        if (target) observer.callback([{ target } as ResizeObserverEntry], observer);
      }
    },
  };
}

/**
 * The message list's test files: before each test a resident ('me') is signed in and a fresh fake
 * layout installed (handed to `onInstall`); after it the DOM is cleared and jsdom's own properties
 * are put back.
 */
export function setUpMessageListTests(onInstall: (layout: FakeLayout) => void): void {
  let layout: FakeLayout | undefined;
  beforeEach(() => {
    useAuthStore.setState({ user: { id: 'me', role: 'resident', isLocked: false } as User });
    layout = installFakeLayout();
    onInstall(layout);
  });
  afterEach(() => {
    cleanup();
    layout?.restore();
  });
}
