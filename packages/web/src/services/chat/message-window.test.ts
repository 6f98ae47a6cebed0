import { describe, expect, it } from 'vitest';
import type { Message } from '@stoop/shared';
import { MESSAGE_PAGE_SIZE, MESSAGES_PER_CONVERSATION_LIMIT } from '@stoop/shared/constants';
import { makeMessage } from './message-cache.fixtures.ts';
import { applyPage, emptyCache, localMessageId, upsertMessages, type CacheState } from './message-cache.ts';

const LIMIT = MESSAGES_PER_CONVERSATION_LIMIT;

/** Message `index` of conversation c1's history; a second apart, so index order is history order. */
const at = (index: number, overrides: Partial<Message> = {}) =>
  makeMessage({
    id: `h-${String(index).padStart(5, '0')}`,
    createdAt: new Date(Date.UTC(2025, 0, 1) + index * 1000).toISOString(),
    ...overrides,
  });
const range = (start: number, end: number) => Array.from({ length: end - start }, (_, i) => at(start + i));

const window = (state: CacheState) => state.conversations.c1!;
const ids = (state: CacheState) => window(state).messages.map((m) => m.id);
const span = (state: CacheState) => [ids(state)[0], ids(state).at(-1)];

/** The newest 200 of a 1000-message history, then `olderPages` pages back. */
function scrolledBack(olderPages: number): CacheState {
  const newest = applyPage(emptyCache(), 'c1', { messages: range(800, 1000), hasMore: true }, 'initial');
  return pagedBack(newest, olderPages);
}

/** `state` after `olderPages` older pages, counting back from message 800. */
function pagedBack(state: CacheState, olderPages: number): CacheState {
  for (let page = 1; page <= olderPages; page += 1) {
    const end = 800 - (page - 1) * MESSAGE_PAGE_SIZE;
    state = applyPage(
      state,
      'c1',
      { messages: range(end - MESSAGE_PAGE_SIZE, end), hasMore: true, hasNewer: true },
      'older',
    );
  }
  return state;
}

describe('sliding window: scrolling back past the per-conversation limit', () => {
  it('each older page stays; the newest messages are trimmed and hasNewer is set', () => {
    const state = scrolledBack(3);
    expect(ids(state)).toHaveLength(LIMIT);
    expect(span(state)).toEqual([at(740).id, at(939).id]);
    expect([window(state).hasMore, window(state).hasNewer]).toEqual([true, true]);
  });

  it('scrolling back keeps moving: every older page adds messages that were not there', () => {
    let state = scrolledBack(1);
    for (let page = 2; page <= 30; page += 1) {
      const before = ids(state)[0];
      state = scrolledBack(page);
      expect(ids(state)[0]).not.toBe(before);
    }
    expect(span(state)).toEqual([at(200).id, at(399).id]);
  });

  it('a newer page (scrolled to the bottom) trims the oldest and sets hasMore', () => {
    let state = scrolledBack(3);
    state = applyPage(state, 'c1', { messages: range(940, 960), hasMore: true, hasNewer: true }, 'newer');
    expect(span(state)).toEqual([at(760).id, at(959).id]);
    expect([window(state).hasMore, window(state).hasNewer]).toEqual([true, true]);
    state = applyPage(state, 'c1', { messages: range(960, 1000), hasMore: true, hasNewer: false }, 'newer');
    expect(span(state)).toEqual([at(800).id, at(999).id]);
    expect(window(state).hasNewer).toBe(false);
  });

  it('pages that extend the window keep its generation; the newest page and a jump replace it', () => {
    let state = scrolledBack(0);
    const first = window(state).generation;
    state = scrolledBack(2);
    expect(window(state).generation).toBe(first);
    state = applyPage(state, 'c1', { messages: range(100, 120), hasMore: true, hasNewer: true }, 'around');
    expect(ids(state)).toEqual(range(100, 120).map((m) => m.id));
    expect(window(state).generation).toBe(first + 1);
    state = applyPage(state, 'c1', { messages: range(980, 1000), hasMore: true }, 'initial');
    expect(ids(state)).toEqual(range(980, 1000).map((m) => m.id));
    expect([window(state).hasNewer, window(state).generation]).toEqual([false, first + 2]);
  });
});

describe('sliding window: live messages', () => {
  it('at the newest end a live message is appended, as always', () => {
    let state = scrolledBack(0);
    state = upsertMessages(state, [at(1000)]);
    expect(ids(state).at(-1)).toBe(at(1000).id);
  });

  it('back in history a new live message is not put into the middle; edits to held messages still apply', () => {
    let state = scrolledBack(3);
    const before = ids(state);
    state = upsertMessages(state, [at(1000), { ...at(750), content: 'edited', seq: 10_000_000 }]);
    expect(ids(state)).toEqual(before);
    expect(window(state).messages.find((m) => m.id === at(750).id)?.content).toBe('edited');
    expect(window(state).hasNewer).toBe(true);
  });

  it('a live message that arrived back in history joins once a page reaches the newest end', () => {
    let state = scrolledBack(1);
    // Sent after the page below was read: the page does not have it.
    state = upsertMessages(state, [at(1000)]);
    state = applyPage(state, 'c1', { messages: range(980, 1000), hasMore: true, hasNewer: false }, 'newer');
    expect(ids(state).at(-1)).toBe(at(1000).id);
    expect(window(state).heldBack).toEqual([]);
  });

  it('local echoes stay in the window whichever end is trimmed, and their server copy replaces them', () => {
    let state = scrolledBack(0);
    const echo = at(1001, { id: localMessageId('c-9'), clientMessageId: 'c-9', seq: 0 });
    state = upsertMessages(state, [echo]);
    state = pagedBack(state, 3);
    expect(ids(state)).toHaveLength(LIMIT);
    expect(ids(state).at(-1)).toBe(echo.id);
    state = upsertMessages(state, [at(1001, { clientMessageId: 'c-9' })]);
    expect(ids(state).at(-1)).toBe(at(1001).id);
    expect(ids(state)).not.toContain(echo.id);
  });
});
