/**
 * Date group labels of R-MSG-10: Today, Yesterday, then long US dates ('Monday, March 3, 2025'),
 * newest group first. Labels follow the viewer's local calendar day.
 */
import { DATE_LABEL_TODAY, DATE_LABEL_YESTERDAY } from '@stoop/shared/constants';
import { formatLongUsDate } from './us-dates.ts';

/** Local calendar day key (yyyy-m-d), so groups split at local midnight. */
function dayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

export function dateGroupLabel(value: string | Date, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (dayKey(date) === dayKey(now)) return DATE_LABEL_TODAY;
  if (dayKey(date) === dayKey(yesterday)) return DATE_LABEL_YESTERDAY;
  return formatLongUsDate(date);
}

export interface DateGroup<T> {
  key: string;
  label: string;
  items: T[];
}

/**
 * Groups items by local day. R-MSG-10 orders the groups newest first; items keep their order
 * inside a group. The chat list shows the groups oldest at the top (it reads downwards), so it
 * reverses this order, while search results use it as is.
 */
export function groupByDate<T>(
  items: readonly T[],
  dateOf: (item: T) => string,
  now: Date = new Date(),
): DateGroup<T>[] {
  const groups = new Map<string, DateGroup<T>>();
  for (const item of items) {
    const date = new Date(dateOf(item));
    const key = dayKey(date);
    const group = groups.get(key) ?? { key, label: dateGroupLabel(date, now), items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => newestTime(b, dateOf) - newestTime(a, dateOf));
}

const newestTime = <T>(group: DateGroup<T>, dateOf: (item: T) => string) =>
  Math.max(...group.items.map((item) => new Date(dateOf(item)).getTime()));
