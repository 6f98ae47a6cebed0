import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  STORAGE_KEY_PREFIX,
  STORAGE_MAX_BYTES,
  STORED_ACTIVITY_PRUNE_AGE_MS,
  STORED_CONVERSATION_MAX_AGE_MS,
} from '@stoop/shared';
import { cleanupStorage, storage } from './storage.ts';

function quotaError(): DOMException {
  return new DOMException('full', 'QuotaExceededError');
}

describe('storage', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-06-01T12:00:00Z'));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it("R-STORE-1: key prefix 'tlbot_' is added inside", () => {
    expect(storage.set('user', { id: 'u1' })).toBe(true);
    expect(localStorage.getItem(`${STORAGE_KEY_PREFIX}user`)).not.toBeNull();
    expect(STORAGE_KEY_PREFIX).toBe('tlbot_');
    expect(storage.get('user', { id: '' })).toEqual({ id: 'u1' });
  });

  it('R-STORE-3: a missing value returns the default', () => {
    expect(storage.get('nothing', 7)).toBe(7);
  });

  it('R-STORE-3: values whose type differs from the default are ignored', () => {
    storage.set('n', 'text');
    expect(storage.get('n', 3)).toBe(3);
    storage.set('list', { a: 1 });
    expect(storage.get<unknown[]>('list', [])).toEqual([]);
    storage.set('obj', [1, 2]);
    expect(storage.get('obj', {})).toEqual({});
    storage.set('ok', 5);
    expect(storage.get('ok', 0)).toBe(5);
  });

  it('R-STORE-3: unreadable stored data returns the default', () => {
    localStorage.setItem(`${STORAGE_KEY_PREFIX}bad`, '{not json');
    expect(storage.get('bad', 'fallback')).toBe('fallback');
  });

  it('R-STORE-2: a single item larger than 5 MB is refused', () => {
    const big = 'x'.repeat(STORAGE_MAX_BYTES + 1);
    expect(storage.set('big', big)).toBe(false);
    expect(localStorage.getItem(`${STORAGE_KEY_PREFIX}big`)).toBeNull();
    expect(STORAGE_MAX_BYTES).toBe(5 * 1024 * 1024);
  });

  it('R-STORE-4: a quota error triggers cleanup and one retry', () => {
    storage.set('conversations', [{ id: 'c1' }]);
    vi.advanceTimersByTime(STORED_CONVERSATION_MAX_AGE_MS + 1);
    const original = Storage.prototype.setItem;
    let calls = 0;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, k, v) {
      calls += 1;
      if (calls === 1) throw quotaError();
      original.call(this, k, v);
    });
    expect(storage.set('fresh', 1)).toBe(true);
    expect(calls).toBe(2);
    expect(storage.get('conversations', null)).toBeNull();
  });

  it('R-STORE-4: a second quota error after the retry gives up (only one retry)', () => {
    let calls = 0;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      calls += 1;
      throw quotaError();
    });
    expect(storage.set('x', 1)).toBe(false);
    expect(calls).toBe(2);
  });

  it('R-STORE-5: stored conversations older than 1 day are pruned', () => {
    storage.set('conversations', [1]);
    vi.advanceTimersByTime(STORED_CONVERSATION_MAX_AGE_MS - 1000);
    expect(cleanupStorage()).toEqual([]);
    vi.advanceTimersByTime(2000);
    expect(cleanupStorage()).toEqual([`${STORAGE_KEY_PREFIX}conversations`]);
  });

  it('R-STORE-5: activities older than 7 days are pruned', () => {
    storage.set('conversation_activities', []);
    storage.set('activities', []);
    storage.set('theme-preference', 'light');
    vi.advanceTimersByTime(STORED_ACTIVITY_PRUNE_AGE_MS - 1000);
    expect(cleanupStorage()).toEqual([]);
    vi.advanceTimersByTime(2000);
    expect(cleanupStorage().sort()).toEqual([
      `${STORAGE_KEY_PREFIX}activities`,
      `${STORAGE_KEY_PREFIX}conversation_activities`,
    ]);
    expect(storage.get('theme-preference', '')).toBe('light');
  });

  it('R-STORE-4: cleanup removes the oldest prefixed items when pruning is not enough', () => {
    storage.set('a', 'old');
    vi.advanceTimersByTime(1000);
    storage.set('b', 'new');
    localStorage.setItem('other_app', 'keep');
    const removed = cleanupStorage(1);
    expect(removed).toEqual([`${STORAGE_KEY_PREFIX}a`]);
    expect(storage.get('b', '')).toBe('new');
    expect(localStorage.getItem('other_app')).toBe('keep');
  });

  it('storage: remove and clear touch only prefixed keys', () => {
    storage.set('a', 1);
    storage.set('b', 2);
    localStorage.setItem('foreign', 'x');
    storage.remove('a');
    expect(storage.get('a', 0)).toBe(0);
    storage.clear();
    expect(storage.get('b', 0)).toBe(0);
    expect(localStorage.getItem('foreign')).toBe('x');
  });
});
