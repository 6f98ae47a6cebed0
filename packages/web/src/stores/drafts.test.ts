import { afterEach, describe, expect, it } from 'vitest';
import { storage } from '../services/storage/storage.ts';
import { runSessionCleanup } from '../services/session/session-cleanup.ts';
import { DRAFTS_STORAGE_KEY, flushDrafts, hasDraftIn, useDraftsStore } from './drafts.ts';

describe('drafts (R-STORE-6)', () => {
  afterEach(() => useDraftsStore.getState().reset());

  it('keeps each composer its draft in local storage and forgets a blank one', () => {
    const { setDraft } = useDraftsStore.getState();
    setDraft('c1', 'See you at the');
    setDraft('c1/thread/m1', 'Thanks!');
    flushDrafts();
    expect(storage.get(DRAFTS_STORAGE_KEY, {})).toEqual({ c1: 'See you at the', 'c1/thread/m1': 'Thanks!' });
    setDraft('c1', '   ');
    flushDrafts();
    expect(storage.get(DRAFTS_STORAGE_KEY, {})).toEqual({ 'c1/thread/m1': 'Thanks!' });
  });

  it('marks a conversation whose own or thread composer holds a draft', () => {
    const drafts = { c1: 'x', 'c2/thread/m9': 'y' };
    expect(hasDraftIn(drafts, 'c1')).toBe(true);
    expect(hasDraftIn(drafts, 'c2')).toBe(true);
    expect(hasDraftIn(drafts, 'c3')).toBe(false);
    expect(hasDraftIn(drafts, 'c')).toBe(false);
  });

  it('logout forgets every draft', async () => {
    useDraftsStore.getState().setDraft('c1', 'private words');
    flushDrafts();
    await runSessionCleanup();
    expect(useDraftsStore.getState().drafts).toEqual({});
    expect(storage.get(DRAFTS_STORAGE_KEY, null)).toBeNull();
  });
});
