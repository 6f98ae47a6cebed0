import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@stoop/shared';
import { makeMessage } from '../../services/chat/message-cache.fixtures.ts';
import { JUMP_HIGHLIGHT_MS, MessageList } from './MessageList.tsx';
import { setUpMessageListTests, type FakeLayout } from './scroll-layout.fixtures.ts';

const older = makeMessage({ id: 'older', createdAt: '2025-03-01T10:00:00.000Z' });
const target = makeMessage({ id: 'target', createdAt: '2025-03-01T11:00:00.000Z' });
const newer = makeMessage({ id: 'newer', createdAt: '2025-03-02T10:00:00.000Z' });
const later = makeMessage({ id: 'later', createdAt: '2025-03-02T11:00:00.000Z' });
/** `count` messages a minute apart from `start`: around the target, so it is far from both ends. */
const run = (name: string, start: string, count: number) =>
  Array.from({ length: count }, (_, i) =>
    makeMessage({ id: `${name}${i}`, createdAt: new Date(Date.parse(start) + i * 60_000).toISOString() }),
  );
const head = run('head', '2025-03-01T10:10:00.000Z', 5);
const tail = run('tail', '2025-03-02T12:00:00.000Z', 10);

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

let layout: FakeLayout;
/** Where the container stands when the target is centred: its middle at the container's middle. */
const centred = () => layout.rowTop('target') - (layout.clientHeight - layout.rowHeight) / 2;

setUpMessageListTests((installed) => (layout = installed));
afterEach(() => {
  vi.useRealTimers();
});

describe('MessageList: jumping to a message', () => {
  it('waits until the target is loaded, then scrolls to it, focuses and highlights it briefly', () => {
    vi.useFakeTimers();
    const { rerender } = render(list([newer, ...tail]));
    // Opened at the newest end.
    expect(layout.scroller().scrollTop).toBe(layout.scroller().scrollHeight - layout.clientHeight);

    rerender(list([older, ...head, target, newer, ...tail]));
    expect(layout.scroller().scrollTop).toBe(centred());
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

  it('opens centred on a target that is already loaded', () => {
    render(list([older, ...head, target, newer, ...tail]));
    expect(layout.scroller().scrollTop).toBe(centred());
    expect(row('target').dataset.highlighted).toBe('true');
  });

  it('scrolls once per jump: new messages do not pull the reader back, a new click does', () => {
    const { rerender } = render(list([older, ...head, target, newer, ...tail]));
    expect(layout.scroller().scrollTop).toBe(centred());
    // The reader moves on, and a live message arrives: the view stays where the reader put it.
    act(() => layout.scrollTo(0));
    rerender(list([older, ...head, target, newer, ...tail, later]));
    expect(layout.scroller().scrollTop).toBe(0);
    // The same link clicked again is a new request: back to the target.
    rerender(list([older, ...head, target, newer, ...tail, later], 'k2'));
    expect(layout.scroller().scrollTop).toBe(centred());
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
