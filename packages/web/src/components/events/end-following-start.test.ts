import { describe, expect, it } from 'vitest';
import { endFollowingStart } from './CreateEventDialog.tsx';

describe('the event form end follows its start (R-EVENT-14)', () => {
  it('keeps the event length when the start moves', () => {
    expect(endFollowingStart('2026-05-01T18:00', '2026-05-03T09:30', '2026-05-01T20:00')).toBe(
      '2026-05-03T11:30',
    );
  });

  it('gives an end that was not after the start an hour', () => {
    expect(endFollowingStart('2026-05-01T18:00', '2026-05-01T19:00', '2026-05-01T17:00')).toBe(
      '2026-05-01T20:00',
    );
  });

  it('leaves an end it cannot read alone', () => {
    expect(endFollowingStart('2026-05-01T18:00', '', '2026-05-01T20:00')).toBe('2026-05-01T20:00');
  });
});
