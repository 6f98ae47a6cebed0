import { act, cleanup, render, screen } from '@testing-library/react';
import { useImperativeHandle, type ReactNode, type Ref } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message, User } from '@stoop/shared';
import { makeMessage } from '../../services/chat/message-cache.fixtures.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { JUMP_HIGHLIGHT_MS, MessageList } from './MessageList.tsx';

const { scrollToIndex } = vi.hoisted(() => ({ scrollToIndex: vi.fn() }));

interface FakeVirtuosoProps<Item> {
  ref?: Ref<{ scrollToIndex: typeof scrollToIndex }>;
  data: Item[];
  itemContent: (index: number, item: Item) => ReactNode;
  computeItemKey: (index: number, item: Item) => string;
}

// jsdom has no layout, so the real Virtuoso renders no rows; this one renders them all and
// records where the list was asked to scroll.
vi.mock('react-virtuoso', () => ({
  Virtuoso: function FakeVirtuoso<Item>({ ref, data, itemContent, computeItemKey }: FakeVirtuosoProps<Item>) {
    useImperativeHandle(ref, () => ({ scrollToIndex }));
    return (
      <div>
        {data.map((item, index) => (
          <div key={computeItemKey(index, item)}>{itemContent(index, item)}</div>
        ))}
      </div>
    );
  },
}));

const older = makeMessage({ id: 'older', createdAt: '2025-03-01T10:00:00.000Z' });
const target = makeMessage({ id: 'target', createdAt: '2025-03-01T11:00:00.000Z' });
const newer = makeMessage({ id: 'newer', createdAt: '2025-03-02T10:00:00.000Z' });

function list(messages: Message[], requestKey = 'k1') {
  return (
    <MemoryRouter>
      <MessageList
        messages={messages}
        jumpTarget={{ messageId: 'target', requestKey }}
        hasMore
        loading={false}
        onLoadOlder={() => undefined}
      />
    </MemoryRouter>
  );
}

const row = (id: string) => document.getElementById(`message-${id}`)!;

beforeEach(() => {
  useAuthStore.setState({ user: { id: 'me', role: 'resident', isLocked: false } as User });
  scrollToIndex.mockClear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('MessageList: jumping to a message', () => {
  it('waits until the target is loaded, then scrolls to it, focuses and highlights it briefly', () => {
    vi.useFakeTimers();
    const { rerender } = render(list([newer]));
    expect(scrollToIndex).not.toHaveBeenCalled();

    rerender(list([older, target, newer]));
    // Items: day label, older, target, day label, newer.
    expect(scrollToIndex).toHaveBeenCalledTimes(1);
    expect(scrollToIndex).toHaveBeenCalledWith({ index: 2, align: 'center', behavior: 'auto' });
    expect(row('target').dataset.highlighted).toBe('true');
    expect(document.activeElement).toBe(row('target'));
    expect(row('older').dataset.highlighted).toBeUndefined();

    act(() => {
      vi.advanceTimersByTime(JUMP_HIGHLIGHT_MS);
    });
    expect(row('target').dataset.highlighted).toBeUndefined();
    // It keeps its place in the focus order until another jump, so focus is not dropped.
    expect(row('target').getAttribute('tabindex')).toBe('-1');
  });

  it('scrolls once per jump: new messages do not pull the reader back, a new click does', () => {
    const { rerender } = render(list([target, newer]));
    expect(scrollToIndex).toHaveBeenCalledTimes(1);
    const later = makeMessage({ id: 'later', createdAt: '2025-03-02T11:00:00.000Z' });
    rerender(list([older, target, newer, later]));
    expect(scrollToIndex).toHaveBeenCalledTimes(1);
    rerender(list([older, target, newer, later], 'k2'));
    expect(scrollToIndex).toHaveBeenCalledTimes(2);
  });

  it('does not take focus from something the resident is using', () => {
    render(
      <>
        <input aria-label="elsewhere" autoFocus />
        {list([target])}
      </>,
    );
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'elsewhere' }));
    expect(row('target').dataset.highlighted).toBe('true');
  });
});
