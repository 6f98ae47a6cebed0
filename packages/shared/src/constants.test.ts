import { describe, expect, it } from 'vitest';
import * as c from './constants.ts';

describe('R-CACHE-4 derived constants', () => {
  it('critical pressure cuts conversations to half the per-conversation limit (100)', () => {
    expect(c.CRITICAL_MESSAGES_PER_CONVERSATION).toBe(100);
  });
  it('critical pressure cuts the conversation cache to 60 % (30)', () => {
    expect(c.CRITICAL_CACHED_CONVERSATIONS).toBe(30);
  });
  it('stored activity lifetime is 720 hours', () => {
    expect(c.STORED_ACTIVITY_LIFETIME_MS).toBe(30 * 24 * 3600 * 1000);
  });
});
