import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useImperativeHandle, type ReactNode, type Ref } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message, User } from '@stoop/shared';
import { makeMessage } from '../../services/chat/message-cache.fixtures.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { MessageList } from './MessageList.tsx';
import type { JumpTarget } from './use-message-jump.ts';

interface FakeVirtuosoProps<Item> {
  ref?: Ref<{ scrollToIndex: (location: unknown) => void }>;
  data: Item[];
  firstItemIndex: number;
  itemContent: (index: number, item: Item) => ReactNode;
  computeItemKey: (index: number, item: Item) => string;
  startReached: () => void;
  endReached: () => void;
  followOutput: (atBottom: boolean) => false | 'smooth';
}

const { scrollToIndex, latest } = vi.hoisted(() => ({
  scrollToIndex: vi.fn(),
  latest: { props: null as FakeVirtuosoProps<unknown> | null },
}));

// jsdom has no layout, so the real Virtuoso renders no rows; this one renders them all and keeps
// the props it was given, so a test can play the scroll events.
vi.mock('react-virtuoso', () => ({
  Virtuoso: function FakeVirtuoso<Item>(props: FakeVirtuosoProps<Item>) {
    useImperativeHandle(props.ref, () => ({ scrollToIndex }));
    latest.props = props as FakeVirtuosoProps<unknown>;
    return (
      <div>
        {props.data.map((item, index) => (
          <div key={props.computeItemKey(index, item)}>{props.itemContent(index, item)}</div>
        ))}
      </div>
    );
  },
}));

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
  { hasNewer = false, generation = 1, jumpTarget = null as JumpTarget | null, loading = false } = {},
) {
  return (
    <MemoryRouter>
      <MessageList
        messages={messages}
        hasMore
        hasNewer={hasNewer}
        generation={generation}
        jumpTarget={jumpTarget}
        loading={loading}
        {...handlers}
      />
    </MemoryRouter>
  );
}

const props = () => latest.props!;

beforeEach(() => {
  useAuthStore.setState({ user: { id: 'me', role: 'resident', isLocked: false } as User });
  scrollToIndex.mockClear();
  for (const handler of Object.values(handlers)) handler.mockClear();
});
afterEach(() => cleanup());

describe('MessageList: a sliding window', () => {
  it('asks for newer messages at the bottom only while the window is back in history', () => {
    const { rerender } = render(list(run(0, 5)));
    props().endReached();
    expect(handlers.onLoadNewer).not.toHaveBeenCalled();
    rerender(list(run(0, 5), { hasNewer: true }));
    props().endReached();
    expect(handlers.onLoadNewer).toHaveBeenCalledTimes(1);
    rerender(list(run(0, 5), { hasNewer: true, loading: true }));
    props().endReached();
    expect(handlers.onLoadNewer).toHaveBeenCalledTimes(1);
  });

  it('shows "Jump to newest" while back in history; it reloads the newest page', () => {
    const { rerender } = render(list(run(0, 5)));
    expect(screen.queryByRole('button', { name: /jump to newest/i })).toBeNull();
    rerender(list(run(0, 5), { hasNewer: true }));
    fireEvent.click(screen.getByRole('button', { name: /jump to newest/i }));
    expect(handlers.onJumpToNewest).toHaveBeenCalledTimes(1);
  });

  it('keeps the rows on screen in place: an older page lowers firstItemIndex, trimming the top raises it', () => {
    const { rerender } = render(list(run(20, 20)));
    const start = props().firstItemIndex;
    rerender(list(run(0, 40), { hasNewer: true }));
    expect(props().firstItemIndex).toBe(start - 20);
    // A newer page appended at the bottom and the 20 oldest trimmed: up by 20 again.
    rerender(list(run(20, 40), { hasNewer: true }));
    expect(props().firstItemIndex).toBe(start);
  });

  it('follows live messages at the newest end, but not a newer page the resident is about to read', () => {
    const { rerender } = render(list(run(0, 5)));
    expect(props().followOutput(true)).toBe('smooth');
    rerender(list(run(0, 5), { hasNewer: true }));
    rerender(list(run(0, 25), { hasNewer: false }));
    expect(props().followOutput(true)).toBe(false);
    rerender(list(run(0, 26), { hasNewer: false }));
    expect(props().followOutput(true)).toBe('smooth');
  });

  it('a page that replaces the window shows its newest end, unless a jump target in it is scrolled to', () => {
    const { rerender } = render(list(run(0, 5), { generation: 1 }));
    expect(scrollToIndex).not.toHaveBeenCalled();
    rerender(list(run(100, 5), { generation: 2 }));
    expect(scrollToIndex).toHaveBeenLastCalledWith({ index: 'LAST', align: 'end', behavior: 'auto' });
    scrollToIndex.mockClear();
    act(() => {
      rerender(list(run(50, 5), { generation: 3, jumpTarget: { messageId: 'w52', requestKey: 'k' } }));
    });
    expect(scrollToIndex).toHaveBeenCalledTimes(1);
    expect(scrollToIndex).toHaveBeenCalledWith({ index: 3, align: 'center', behavior: 'auto' });
  });
});
