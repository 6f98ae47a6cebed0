/**
 * iCalendar (RFC 5545) text for events: CRLF line ends, TEXT values escaped (3.3.11),
 * lines folded at 75 octets (3.1) without splitting a UTF-8 character, times in UTC.
 */

export type IcsEvent = {
  id: string;
  title: string;
  description: string;
  location: string;
  startsAt: Date;
  endsAt: Date;
  createdAt: Date;
  /** Where the event is seen in the app (URL property), if known. */
  url?: string | undefined;
  /** A cancelled event is STATUS:CANCELLED, so a subscribed calendar drops it. */
  cancelled?: boolean;
};

const CRLF = '\r\n';
/** RFC 5545 3.1: lines SHOULD NOT be longer than 75 octets, excluding the line break. */
const LINE_OCTETS = 75;

/** RFC 5545 3.3.11: backslash, semicolon and comma are escaped; a newline becomes \n. */
function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** RFC 5545 3.3.5 form 2: a DATE-TIME in UTC, e.g. 20261124T180000Z. */
function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * Folds one content line: each physical line has at most 75 octets, a continuation starts with a
 * space (which counts), and a multi-byte character is never split.
 */
function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > LINE_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(CRLF);
}

function eventLines(event: IcsEvent, host: string, now: Date): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${event.id}@${host}`,
    `DTSTAMP:${utcStamp(now)}`,
    `CREATED:${utcStamp(event.createdAt)}`,
    `DTSTART:${utcStamp(event.startsAt)}`,
    `DTEND:${utcStamp(event.endsAt)}`,
    `SUMMARY:${escapeText(event.title)}`,
    `LOCATION:${escapeText(event.location)}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  if (event.cancelled) lines.push('STATUS:CANCELLED');
  lines.push('END:VEVENT');
  return lines;
}

/** A whole VCALENDAR with the events; `name` titles a subscribed calendar. */
export function icsCalendar(
  events: IcsEvent[],
  options: { host: string; name?: string; now?: Date },
): string {
  const now = options.now ?? new Date();
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Stoop//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(options.name ? [`X-WR-CALNAME:${escapeText(options.name)}`] : []),
    ...events.flatMap((event) => eventLines(event, options.host, now)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** A download filename from a title: ASCII letters and digits, dashes between; "event" when none. */
export function icsFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'event'}.ics`;
}
