import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '@stoop/shared';
import { makeMessage } from '../../services/chat/message-cache.fixtures.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import { MessageList } from './MessageList.tsx';
import { setUpMessageListTests } from './scroll-layout.fixtures.ts';

/** `count` messages of another resident in c1, a minute apart, from minute `from`. */
const run = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) =>
    makeMessage({
      id: `w${from + i}`,
      userId: 'neighbour',
      createdAt: new Date(Date.UTC(2025, 2, 1, 8, from + i)).toISOString(),
    }),
  );

const noop = () => undefined;
const list = (messages: Message[]) => (
  <MemoryRouter>
    <MessageList
      messages={messages}
      hasMore={false}
      hasNewer={false}
      generation={1}
      loading={false}
      onLoadOlder={noop}
      onLoadNewer={noop}
      onJumpToNewest={noop}
    />
  </MemoryRouter>
);

/** The id of the message drawn right after the "New messages" line. */
function messageAfterLine(): string | null {
  const line = screen.getByRole('separator', { name: 'New messages' });
  let next = line.nextElementSibling;
  while (next && !next.matches('article[data-message-id]'))
    next = next.querySelector('article[data-message-id]') ?? next.nextElementSibling;
  return next?.getAttribute('data-message-id') ?? null;
}

setUpMessageListTests(() => undefined);
beforeEach(() => {
  useConversationsStore.getState().reset();
  useConversationsStore.setState({
    activeConversationId: 'c1',
    unreadOnOpen: { conversationId: 'c1', count: 3 },
  });
});

describe('R-MSG-22: the "New messages" line on return', () => {
  it('is guessed from the kept window at once, then put where the server’s read position says', () => {
    // The sidebar counted 3 (w6–w8), but the kept window holds only up to w6: live events trail.
    const view = render(list(run(1, 6)));
    expect(messageAfterLine()).toBe('w4');
    // The visit's newest page names the first unread before its messages go in.
    act(() => useConversationsStore.getState().noteUnreadOnOpen('c1', 3, 'w6'));
    view.rerender(list(run(1, 8)));
    expect(messageAfterLine()).toBe('w6');
    expect(screen.getAllByRole('separator', { name: 'New messages' })).toHaveLength(1);
  });

  it('stays where it is once the server has answered: a later page does not move it', () => {
    act(() => useConversationsStore.getState().noteUnreadOnOpen('c1', 3, 'w6'));
    const view = render(list(run(1, 8)));
    expect(messageAfterLine()).toBe('w6');
    // A page after a reconnect names what arrived while the conversation was open.
    act(() => useConversationsStore.getState().noteUnreadOnOpen('c1', 1, 'w9'));
    view.rerender(list(run(1, 9)));
    expect(messageAfterLine()).toBe('w6');
    expect(useConversationsStore.getState().unreadOnOpen).toEqual({
      conversationId: 'c1',
      count: 3,
      firstUnreadId: 'w6',
    });
  });
});
