/**
 * US English times and long dates for the chat screens, written out by hand: the first
 * Intl.DateTimeFormat a page builds loads the browser's calendar and time-zone data, about 30 ms
 * of main thread on a desktop and four times that on a phone, right when a conversation first
 * paints. The output matches Intl's 'en-US' forms for these two formats.
 */

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Local time as en-US `{ hour: 'numeric', minute: '2-digit' }`: "9:05 AM", "12:30 PM". */
export function formatUsTime(date: Date): string {
  const hours = date.getHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hour12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Local date as en-US weekday, month long, day and year: "Monday, March 3, 2025". */
export function formatLongUsDate(date: Date): string {
  return `${WEEKDAYS[date.getDay()]}, ${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/**
 * Orders two strings by code unit. For ISO 8601 UTC timestamps as the server writes them
 * (`toISOString`, one fixed width) that is time order, oldest first; for ids, a stable order. Not
 * `localeCompare`: its first call builds the browser's collator, 10–25 ms of main thread on the
 * conversation page's first load, for strings that hold no language.
 */
export const compareOrdinal = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
