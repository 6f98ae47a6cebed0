import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@stoop/shared';
import { makeMessage } from '../../services/chat/message-cache.fixtures.ts';
import { MessageList } from './MessageList.tsx';
import {
  installFakeResizeObserver,
  setUpMessageListTests,
  type FakeLayout,
} from './scroll-layout.fixtures.ts';
import type { JumpTarget } from './use-message-jump.ts';

/** `count` messages on one day, a minute apart, from minute `from`. */
const run = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) =>
    makeMessage({
      id: `w${from + i}`,
      createdAt: new Date(Date.UTC(2025, 2, 1, 8, from + i)).toISOString(),
    }),
  );

const handlers = { onLoadOlder: vi.fn(), onLoadNewer: vi.fn(), onJumpToNewest: vi.fn() };

function list(
  messages: Message[],
  {
    hasMore = true,
    hasNewer = false,
    generation = 1,
    jumpTarget = null as JumpTarget | null,
    loading = false,
  } = {},
) {
  return (
    <MemoryRouter>
      <MessageList
        messages={messages}
        hasMore={hasMore}
        hasNewer={hasNewer}
        generation={generation}
        jumpTarget={jumpTarget}
        loading={loading}
        {...handlers}
      />
    </MemoryRouter>
  );
}

let layout: FakeLayout;
const scroller = () => layout.scroller();
const bottom = () => scroller().scrollHeight - layout.clientHeight;
/** Where a row's top is on screen, from the container's top. */
const onScreen = (id: string) => layout.rowTop(id) - scroller().scrollTop;

setUpMessageListTests((installed) => (layout = installed));
beforeEach(() => {
  for (const handler of Object.values(handlers)) handler.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MessageList: a sliding window', () => {
  it('opens at the newest end', () => {
    render(list(run(0, 20)));
    expect(scroller().scrollTop).toBe(bottom());
    expect(onScreen('w19')).toBe(layout.clientHeight - layout.rowHeight);
  });

  it('asks for older messages near the top while hasMore, and not while a page loads', () => {
    const page = run(0, 20);
    const { rerender } = render(list(page));
    layout.scrollTo(1000);
    expect(handlers.onLoadOlder).not.toHaveBeenCalled();
    layout.scrollTo(100);
    expect(handlers.onLoadOlder).toHaveBeenCalledTimes(1);
    rerender(list(page, { loading: true }));
    layout.scrollTo(0);
    expect(handlers.onLoadOlder).toHaveBeenCalledTimes(1);
    rerender(list(page, { hasMore: false }));
    layout.scrollTo(0);
    expect(handlers.onLoadOlder).toHaveBeenCalledTimes(1);
  });

  it('keeps asking for older pages while the rows do not fill the screen, but not again after a failure', () => {
    const { rerender } = render(list(run(10, 2)));
    expect(handlers.onLoadOlder).toHaveBeenCalledTimes(1);
    // The page arrives while loading is still up; once it is down, the next one is asked for.
    const page = run(8, 4);
    rerender(list(page, { loading: true }));
    rerender(list(page));
    expect(handlers.onLoadOlder).toHaveBeenCalledTimes(2);
    // That one fails: the rows stay as they were, and it is not asked for in a loop.
    rerender(list(page, { loading: true }));
    rerender(list(page));
    expect(handlers.onLoadOlder).toHaveBeenCalledTimes(2);
  });

  it('asks for newer messages at the bottom only while the window is back in history', () => {
    const page = run(0, 20);
    const { rerender } = render(list(page));
    layout.scrollTo(bottom());
    expect(handlers.onLoadNewer).not.toHaveBeenCalled();
    rerender(list(page, { hasNewer: true }));
    layout.scrollTo(bottom());
    expect(handlers.onLoadNewer).toHaveBeenCalledTimes(1);
    rerender(list(page, { hasNewer: true, loading: true }));
    layout.scrollTo(bottom());
    expect(handlers.onLoadNewer).toHaveBeenCalledTimes(1);
  });

  it('shows "Jump to newest" while back in history; it reloads the newest page', () => {
    const { rerender } = render(list(run(0, 5)));
    expect(screen.queryByRole('button', { name: /jump to newest/i })).toBeNull();
    rerender(list(run(0, 5), { hasNewer: true }));
    fireEvent.click(screen.getByRole('button', { name: /jump to newest/i }));
    expect(handlers.onJumpToNewest).toHaveBeenCalledTimes(1);
  });

  it('keeps the rows on screen in place: an older page put in above, the top trimmed', () => {
    const { rerender } = render(list(run(20, 20)));
    layout.scrollTo(250);
    const before = onScreen('w22');
    rerender(list(run(0, 40), { hasNewer: true }));
    expect(scroller().scrollTop).toBe(250 + 20 * layout.rowHeight);
    expect(onScreen('w22')).toBe(before);
    // A newer page appended at the bottom and the 20 oldest trimmed: the same rows stay in place.
    rerender(list(run(20, 40), { hasNewer: true }));
    expect(onScreen('w22')).toBe(before);
  });

  it('measures the place just before the change, not at the last scroll event', () => {
    const { rerender } = render(list(run(20, 20)));
    layout.scrollTo(500);
    // The reader scrolled on; the browser's scroll event for it has not come yet.
    layout.scrollTo(700, false);
    rerender(list(run(0, 40), { hasNewer: true }));
    expect(scroller().scrollTop).toBe(700 + 20 * layout.rowHeight);
  });

  it('keeps the rows in place while the header spinner comes and goes', () => {
    const { rerender } = render(list(run(0, 20)));
    layout.scrollTo(500);
    const before = onScreen('w7');
    rerender(list(run(0, 20), { loading: true }));
    expect(layout.rowTop('w0')).toBe(layout.headerHeight + layout.spinnerHeight);
    expect(onScreen('w7')).toBe(before);
  });

  it('follows live messages at the newest end, but not a newer page the resident is about to read', () => {
    const { rerender } = render(list(run(0, 5)));
    rerender(list(run(0, 6)));
    expect(scroller().scrollTop).toBe(bottom());
    // Back in history, at the bottom: the newer page that arrives is not scrolled past.
    rerender(list(run(0, 6), { hasNewer: true }));
    layout.scrollTo(bottom());
    const at = scroller().scrollTop;
    rerender(list(run(0, 25), { hasNewer: false }));
    expect(scroller().scrollTop).toBe(at);
    // At the newest end again: the next live message is followed once the reader is at the bottom.
    layout.scrollTo(bottom());
    rerender(list(run(0, 26), { hasNewer: false }));
    expect(scroller().scrollTop).toBe(bottom());
  });

  it('does not move a reader who scrolled up when live messages arrive', () => {
    const { rerender } = render(list(run(0, 20)));
    layout.scrollTo(300);
    rerender(list(run(0, 22)));
    expect(scroller().scrollTop).toBe(300);
  });

  it('keeps a reader at the bottom there when rows grow after they render, and anyone else on their row', () => {
    const observer = installFakeResizeObserver();
    render(list(run(0, 20)));
    layout.heights.set('w19', 300);
    observer.resize('content');
    expect(scroller().scrollTop).toBe(bottom());

    layout.scrollTo(600);
    const before = onScreen('w8');
    layout.heights.set('w2', 250);
    observer.resize('content');
    expect(onScreen('w8')).toBe(before);
  });

  it('R-MSG-21: keeps a reader at the bottom when rows grew unreported just before a live message comes', () => {
    installFakeResizeObserver();
    const { rerender } = render(list(run(0, 20)));
    expect(scroller().scrollTop).toBe(bottom());
    // A picture decoded: the row grew, and the resize observer has not said so when React commits.
    layout.heights.set('w19', 300);
    rerender(list(run(0, 21)));
    expect(scroller().scrollTop).toBe(bottom());
  });

  it('a page that replaces the window shows its newest end, unless a jump target in it is scrolled to', () => {
    const { rerender } = render(list(run(0, 20), { generation: 1 }));
    layout.scrollTo(0);
    rerender(list(run(100, 20), { generation: 2 }));
    expect(scroller().scrollTop).toBe(bottom());
    rerender(list(run(50, 20), { generation: 3, jumpTarget: { messageId: 'w60', requestKey: 'k' } }));
    expect(onScreen('w60')).toBe((layout.clientHeight - layout.rowHeight) / 2);
  });
});

describe('MessageList: around the rows', () => {
  it('says where the conversation begins, or shows a spinner while older messages load', () => {
    const { rerender, container } = render(list(run(0, 3), { hasMore: false }));
    screen.getByText('This is the beginning of the conversation.');
    rerender(list(run(0, 3), { loading: true }));
    expect(screen.queryByText('This is the beginning of the conversation.')).toBeNull();
    expect(container.querySelectorAll('.animate-spin')).toHaveLength(1);
  });

  it('shows a spinner below the rows while a newer page loads', () => {
    const { rerender, container } = render(list(run(0, 3), { hasMore: false, hasNewer: true }));
    expect(container.querySelectorAll('.animate-spin')).toHaveLength(0);
    rerender(list(run(0, 3), { hasMore: false, hasNewer: true, loading: true }));
    expect(container.querySelectorAll('.animate-spin')).toHaveLength(1);
  });

  it('labels the days (R-MSG-10)', () => {
    render(list([...run(0, 2), makeMessage({ id: 'next-day', createdAt: '2025-03-02T08:00:00.000Z' })]));
    expect(screen.getAllByRole('separator').map((s) => s.getAttribute('aria-label'))).toEqual([
      'Saturday, March 1, 2025',
      'Sunday, March 2, 2025',
    ]);
  });

  it('is a named, focusable region, so it can be scrolled from the keyboard', () => {
    render(list(run(0, 3)));
    const region = screen.getByRole('region', { name: 'Messages' });
    expect(region.tabIndex).toBe(0);
    expect(region.style.overflowAnchor).toBe('none');
  });

  it('says when there are no messages yet, or shows a spinner while they load', () => {
    const { rerender, container } = render(list([], { hasMore: false }));
    screen.getByText('No messages yet. Say hello!');
    rerender(list([], { hasMore: false, loading: true }));
    expect(screen.queryByText('No messages yet. Say hello!')).toBeNull();
    expect(container.querySelectorAll('.animate-spin')).toHaveLength(1);
  });
});
