/** Number formats of the statistics and billing screens. */

const whole = new Intl.NumberFormat('en');

export function formatCount(value: number): string {
  return whole.format(value);
}

/** 0.4 → "40%"; null (nothing to measure) → "—". */
export function formatPercent(ratio: number | null): string {
  if (ratio === null) return '—';
  return `${Math.round(ratio * 100)}%`;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Binary units, as the plan limits are whole GiB: 5 * 1024³ → "5 GB". */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // One decimal below 10 ("3.5 GB"), none for whole values ("5 GB") or larger ones.
  const digits = value >= 10 || unit === 0 ? 0 : 1;
  return `${Number(value.toFixed(digits))} ${UNITS[unit]}`;
}

/** A wait in words, to the two largest units: 93784 s → "1 day 2 h"; null → "—". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return '< 1 min';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0)
    return hours > 0
      ? `${days} ${days === 1 ? 'day' : 'days'} ${hours} h`
      : `${days} ${days === 1 ? 'day' : 'days'}`;
  if (hours > 0) return mins > 0 ? `${hours} h ${mins} min` : `${hours} h`;
  return `${mins} min`;
}

/** "2025-11-03" (a UTC day) → "Nov 3". */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return date.toLocaleDateString('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** 0 → "00:00", 13 → "13:00". */
export function formatHour(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}
