import { describe, expect, it } from 'vitest';
import { compareOrdinal, formatLongUsDate, formatUsTime } from './us-dates.ts';

describe('US dates written out by hand (R-DELIVERY-12)', () => {
  const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
  const long = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });

  it('gives the same time as Intl for every minute of a day', () => {
    for (let minute = 0; minute < 24 * 60; minute++) {
      const date = new Date(2025, 2, 3, Math.floor(minute / 60), minute % 60, 59);
      expect(formatUsTime(date)).toBe(time.format(date));
    }
  });

  it('gives the same long date as Intl for every day of two years', () => {
    for (let day = 0; day < 731; day++) {
      const date = new Date(2024, 0, 1 + day, 23, 59);
      expect(formatLongUsDate(date)).toBe(long.format(date));
    }
  });
});

describe('compareOrdinal (R-DELIVERY-12)', () => {
  it('orders server timestamps as time does, across seconds, days and years', () => {
    const times = [
      '2025-12-31T23:59:59.999Z',
      '2024-02-29T00:00:00.000Z',
      '2026-01-01T00:00:00.000Z',
      '2025-12-31T23:59:59.998Z',
      '2025-01-10T09:05:00.000Z',
    ];
    const byTime = [...times].sort((a, b) => Date.parse(a) - Date.parse(b));
    expect([...times].sort(compareOrdinal)).toEqual(byTime);
  });

  it('gives zero only for equal strings', () => {
    expect(compareOrdinal('a', 'a')).toBe(0);
    expect(compareOrdinal('a', 'b')).toBe(-1);
    expect(compareOrdinal('b', 'a')).toBe(1);
  });
});
