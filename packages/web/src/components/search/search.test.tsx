import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message, SearchHit } from '@stoop/shared';
import { SearchBox } from './SearchBox.tsx';
import { SearchResults, groupByConversation } from './SearchResults.tsx';
import { searchSuggestions } from './search-suggest.ts';

afterEach(cleanup);

const users = ['Alice Park', 'albert', 'Bob'];
const channels = ['general', 'garden club'];

describe('R-SEARCH-5 search suggestions', () => {
  it('completes from:@ and in:@ with usernames, quoting names with spaces', () => {
    const [first, second] = searchSuggestions('rent from:@al', 13, users, channels);
    expect(first).toEqual({ label: '@albert', query: 'rent from:@albert ', caret: 18 });
    expect(second?.query).toBe('rent from:@"Alice Park" ');
    expect(searchSuggestions('in:@b x', 5, users, channels).map((s) => s.label)).toEqual(['@Bob', '@albert']);
  });

  it('completes in:# with channels, in: with both, has: with its values; nothing elsewhere', () => {
    expect(searchSuggestions('in:#ga', 6, users, channels).map((s) => s.query)).toEqual([
      'in:#"garden club" ',
    ]);
    expect(searchSuggestions('in:', 3, users, channels).map((s) => s.label)).toContain('#general');
    expect(searchSuggestions('has:l', 5, users, channels).map((s) => s.query)).toEqual(['has:link ']);
    expect(searchSuggestions('from:@al rent', 13, users, channels)).toEqual([]);
    expect(searchSuggestions('before:2024', 11, users, channels)).toEqual([]);
  });
});

function Box({ onSearch = vi.fn() }: { onSearch?: (q: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <SearchBox
      value={value}
      onChange={setValue}
      onSearch={onSearch}
      usernames={users}
      channelNames={channels}
    />
  );
}

describe('R-SEARCH-5 search box', () => {
  it('offers usernames after from:@, taken with the keyboard, shown as a removable chip', () => {
    const onSearch = vi.fn();
    render(<Box onSearch={onSearch} />);
    const input = screen.getByRole('combobox', { name: 'Search messages' });
    fireEvent.change(input, { target: { value: 'from:@Ali', selectionStart: 9 } });
    const list = screen.getByRole('listbox', { name: 'Suggestions' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['@Alice Park']);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((input as HTMLInputElement).value).toBe('from:@"Alice Park" ');
    expect(onSearch).not.toHaveBeenCalled();
    const chips = screen.getByRole('list', { name: 'Search filters' });
    expect(within(chips).getByText('from:@"Alice Park"')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove from:@"Alice Park"' }));
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('starts a modifier from its button, names a bad one, and searches on Enter', () => {
    const onSearch = vi.fn();
    render(<Box onSearch={onSearch} />);
    fireEvent.click(screen.getByRole('button', { name: 'has:file' }));
    const input = screen.getByRole('combobox', { name: 'Search messages' });
    expect((input as HTMLInputElement).value).toBe('has:file ');
    fireEvent.change(input, { target: { value: 'has:file before:2024-13-01' } });
    expect(screen.getByRole('status').textContent).toContain('Invalid date in before:2024-13-01');
    fireEvent.submit(input.closest('form')!);
    expect(onSearch).toHaveBeenCalledWith('has:file before:2024-13-01');
  });
});

const message = (id: string, conversationId: string, content: string): Message =>
  ({
    id,
    conversationId,
    userId: 'u1',
    content,
    createdAt: '2024-03-02T10:00:00.000Z',
    parentMessageId: null,
    fileName: null,
  }) as unknown as Message;
const hit = (
  messageId: string,
  name: string,
  snippet: string,
  highlights: [number, number][],
): SearchHit => ({
  messageId,
  conversationType: 'channel',
  conversationName: name,
  snippet,
  highlights,
});

describe('R-SEARCH-3, R-SEARCH-6 search results', () => {
  it('groups by conversation in rank order and marks the words as text, never markup', () => {
    const messages = [message('m1', 'c1', 'a'), message('m2', 'c2', 'b'), message('m3', 'c1', 'c')];
    const hits = [
      hit('m1', 'garden', 'tomato <b>cage</b>', [[0, 6]]),
      hit('m2', 'lobby', 'tomato', [[0, 6]]),
      hit('m3', 'garden', 'more tomato', [[5, 11]]),
    ];
    const groups = groupByConversation(messages, hits);
    expect(groups.map((g) => [g.conversationId, g.items.map((i) => i.message.id)])).toEqual([
      ['c1', ['m1', 'm3']],
      ['c2', ['m2']],
    ]);
    render(
      <MemoryRouter>
        <SearchResults groups={groups} authorName={() => 'Alice'} />
      </MemoryRouter>,
    );
    const garden = screen.getByRole('region', { name: 'Results in garden' });
    const first = within(garden).getAllByRole('link')[0]!;
    expect(first.getAttribute('href')).toBe('/main_dashboard/conversations/channel/c1#message-m1');
    expect(first.querySelector('mark')?.textContent).toBe('tomato');
    expect(first.querySelector('b')).toBeNull();
    expect(first.textContent).toContain('<b>cage</b>');
  });
});
