import { describe, expect, it } from 'vitest';
import { formatLongUsDate, formatUsTime } from './us-dates.ts';

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
