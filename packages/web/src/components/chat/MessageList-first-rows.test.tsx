import { render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeMessage } from '../../services/chat/message-cache.fixtures.ts';
import { FIRST_ROWS, MessageList } from './MessageList.tsx';
import { setUpMessageListTests, type FakeLayout } from './scroll-layout.fixtures.ts';

/** 30 messages of one day, a minute apart: one day label and 30 rows. */
const messages = Array.from({ length: 30 }, (_, i) =>
  makeMessage({
    id: `m${i}`,
    createdAt: new Date(Date.parse('2025-03-01T10:00:00.000Z') + i * 60_000).toISOString(),
  }),
);

/** Rendered after the list: its layout effect sees the list's first commit as the page has it. */
function CommitProbe({ seen }: { seen: string[][] }) {
  useLayoutEffect(() => {
    seen.push(
      [...document.querySelectorAll<HTMLElement>('[data-message-id]')].map((row) => row.dataset.messageId!),
    );
  });
  return null;
}

const rowIds = () =>
  [...document.querySelectorAll<HTMLElement>('[data-message-id]')].map((row) => row.dataset.messageId!);

let layout: FakeLayout;
setUpMessageListTests((installed) => (layout = installed));

describe('MessageList: the first rows (R-DELIVERY-12)', () => {
  it('mounts the newest screenful first, at the bottom, then every row above it', () => {
    const seen: string[][] = [];
    const loadOlder: string[] = [];
    render(
      <MemoryRouter>
        <MessageList
          messages={messages}
          hasMore
          loading={false}
          onLoadOlder={() => loadOlder.push('older')}
        />
        <CommitProbe seen={seen} />
      </MemoryRouter>,
    );
    expect(seen[0]).toEqual(messages.slice(-FIRST_ROWS).map((m) => m.id));
    // The transition has run by the time render returns (act flushes it).
    expect(rowIds()).toEqual(messages.map((m) => m.id));
    expect(layout.scroller().scrollTop).toBe(layout.scroller().scrollHeight - layout.clientHeight);
    // The short first screen is not the top of the window: no older page was asked for because of it.
    expect(loadOlder).toEqual([]);
  });
});
