import { describe, expect, it } from 'vitest';
import { PresenceTracker } from './tracker.ts';

describe('R-RT-8: online residents', () => {
  it('announces a user on the first socket and drops them after the last', () => {
    const presence = new PresenceTracker();
    expect(presence.connected('a')).toBe(true);
    expect(presence.connected('a')).toBe(false);
    expect(presence.online()).toEqual(['a']);
    expect(presence.disconnected('a')).toBe(false);
    expect(presence.disconnected('a')).toBe(true);
    expect(presence.online()).toEqual([]);
    expect(presence.disconnected('a')).toBe(false);
  });
});
