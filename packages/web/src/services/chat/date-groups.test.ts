import { describe, expect, it } from 'vitest';
import { DATE_LABEL_TODAY, DATE_LABEL_YESTERDAY } from '@stoop/shared/constants';
import { dateGroupLabel, groupByDate } from './date-groups.ts';

const now = new Date(2025, 2, 5, 15, 30); // Wednesday, March 5, 2025, local time

describe('R-MSG-10 date group labels', () => {
  it('labels the current day Today', () => {
    expect(dateGroupLabel(new Date(2025, 2, 5, 0, 1), now)).toBe(DATE_LABEL_TODAY);
  });

  it('labels the day before Yesterday', () => {
    expect(dateGroupLabel(new Date(2025, 2, 4, 23, 59), now)).toBe(DATE_LABEL_YESTERDAY);
  });

  it('labels older days with long US dates', () => {
    expect(dateGroupLabel(new Date(2025, 2, 3, 9), now)).toBe('Monday, March 3, 2025');
  });

  it('handles Yesterday across a month boundary', () => {
    expect(dateGroupLabel(new Date(2025, 1, 28, 12), new Date(2025, 2, 1, 8))).toBe(DATE_LABEL_YESTERDAY);
  });

  it('orders groups newest first, items in their order', () => {
    const items = [
      new Date(2025, 2, 3, 9),
      new Date(2025, 2, 4, 9),
      new Date(2025, 2, 5, 9),
      new Date(2025, 2, 5, 10),
    ].map((d) => d.toISOString());
    const groups = groupByDate(items, (s) => s, now);
    expect(groups.map((g) => g.label)).toEqual([
      DATE_LABEL_TODAY,
      DATE_LABEL_YESTERDAY,
      'Monday, March 3, 2025',
    ]);
    expect(groups[0]!.items).toEqual([items[2], items[3]]);
  });
});
