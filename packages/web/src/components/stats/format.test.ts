import { describe, expect, it } from 'vitest';
import { formatBytes, formatDay, formatDuration, formatPercent } from './format.ts';

describe('statistics formats', () => {
  it('writes bytes in binary units, whole values without a decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(3.5 * 1024 ** 3)).toBe('3.5 GB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GB');
    expect(formatBytes(500 * 1024 ** 3)).toBe('500 GB');
  });

  it('writes waits to the two largest units', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(20)).toBe('< 1 min');
    expect(formatDuration(45 * 60)).toBe('45 min');
    expect(formatDuration(2 * 3600 + 5 * 60)).toBe('2 h 5 min');
    expect(formatDuration(86_400 + 2 * 3600)).toBe('1 day 2 h');
    expect(formatDuration(2 * 86_400)).toBe('2 days');
  });

  it('writes rates as whole percents and UTC days as month and day', () => {
    expect(formatPercent(0.4)).toBe('40%');
    expect(formatPercent(null)).toBe('—');
    expect(formatDay('2025-11-03')).toBe('Nov 3');
  });
});
