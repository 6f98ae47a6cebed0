/**
 * A small parser for what feeds send: RSS 2.0 items, Atom entries and iCal VEVENTs.
 * It reads only the few fields a message needs and never evaluates markup: text is taken out of
 * CDATA or entity-decoded, tags are stripped, and the result is plain text.
 */

export type FeedItem = {
  /** What makes the item itself: guid, Atom id, iCal UID (+ RECURRENCE-ID), else link or title. */
  key: string;
  title: string;
  link: string | null;
  summary: string;
  /** Publication or start time when the feed gives one, for posting oldest first. */
  date: Date | null;
  /** iCal: when and where, already written for people. */
  when?: string | undefined;
  where?: string | undefined;
  /** iCal: a VEVENT with a UID and a start, which becomes a Stoop event. */
  event?: FeedEvent | undefined;
};

export type FeedEvent = {
  /** The UID (with its RECURRENCE-ID): one event per UID and source. */
  uid: string;
  title: string;
  startsAt: Date;
  /** DTEND when given; the event store picks a length otherwise. */
  endsAt: Date | null;
  location: string;
  description: string;
};

/** A summary is cut to this many characters in a message. */
const SUMMARY_MAX = 300;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return safeCodePoint(parseInt(name.slice(2), 16), whole);
    if (name.startsWith('#')) return safeCodePoint(parseInt(name.slice(1), 10), whole);
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function safeCodePoint(code: number, fallback: string): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}

/** The text of an element's content: CDATA as is, the rest entity-decoded; markup inside stripped. */
function textOf(raw: string | undefined): string {
  if (raw === undefined) return '';
  const parts = raw.split(/(<!\[CDATA\[[\s\S]*?\]\]>)/);
  const joined = parts
    .map((part) => (part.startsWith('<![CDATA[') ? part.slice(9, -3) : decodeEntities(part)))
    .join('');
  // Content may itself be escaped HTML (RSS descriptions): strip tags after decoding, then decode once more.
  return decodeEntities(joined.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

const escapeName = (name: string) => name.replace(/[:]/g, '\\:');

/** The raw content of the first `<name ...>...</name>` inside `xml` (namespace prefix allowed). */
function element(xml: string, name: string): string | undefined {
  const match = new RegExp(
    `<(?:[\\w-]+:)?${escapeName(name)}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w-]+:)?${escapeName(name)}>`,
    'i',
  ).exec(xml);
  return match?.[1];
}

function blocks(xml: string, name: string): string[] {
  const pattern = new RegExp(`<(?:[\\w-]+:)?${name}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w-]+:)?${name}>`, 'gi');
  return [...xml.matchAll(pattern)].map((m) => m[1] ?? '');
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i').exec(tag);
  return match ? decodeEntities(match[2] ?? match[3] ?? '') : undefined;
}

function parseDate(text: string): Date | null {
  if (!text) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

function cut(text: string): string {
  return text.length > SUMMARY_MAX ? `${text.slice(0, SUMMARY_MAX - 1).trimEnd()}…` : text;
}

/** Only http(s) links are kept, so a message never carries a javascript: or data: link. */
function safeLink(link: string | undefined): string | null {
  const trimmed = link?.trim();
  return trimmed && /^https?:\/\//i.test(trimmed) ? trimmed : null;
}

function parseRss(xml: string): FeedItem[] {
  return blocks(xml, 'item').map((item) => {
    const title = textOf(element(item, 'title'));
    const link = safeLink(textOf(element(item, 'link')));
    const guid = textOf(element(item, 'guid'));
    return {
      key: guid || link || title,
      title,
      link,
      summary: cut(textOf(element(item, 'description'))),
      date: parseDate(textOf(element(item, 'pubDate')) || textOf(element(item, 'date'))),
    };
  });
}

function atomLink(entry: string): string | null {
  const links = [...entry.matchAll(/<(?:[\w-]+:)?link\b[^>]*>/gi)].map((m) => m[0]);
  const alternate = links.find((tag) => (attribute(tag, 'rel') ?? 'alternate') === 'alternate') ?? links[0];
  return alternate ? safeLink(attribute(alternate, 'href')) : null;
}

function parseAtom(xml: string): FeedItem[] {
  return blocks(xml, 'entry').map((entry) => {
    const title = textOf(element(entry, 'title'));
    const link = atomLink(entry);
    return {
      key: textOf(element(entry, 'id')) || link || title,
      title,
      link,
      summary: cut(textOf(element(entry, 'summary') ?? element(entry, 'content'))),
      date: parseDate(textOf(element(entry, 'updated')) || textOf(element(entry, 'published'))),
    };
  });
}

/** RFC 5545 3.1: a line starting with a space or tab continues the previous one. */
function unfold(text: string): string[] {
  return text
    .replace(/\r\n/g, '\n')
    .replace(/\n[ \t]/g, '')
    .split('\n');
}

/** RFC 5545 3.3.11 TEXT escapes. */
function unescapeIcal(text: string): string {
  return text.replace(/\\([\\;,nN])/g, (_whole, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

type Property = { params: Record<string, string>; value: string };

function parseProperty(line: string): [string, Property] | undefined {
  // NAME;PARAM=value;PARAM="quoted:value":VALUE; the first colon outside quotes ends the parameters.
  let inQuotes = false;
  let colon = -1;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') inQuotes = !inQuotes;
    else if (c === ':' && !inQuotes) {
      colon = i;
      break;
    }
  }
  if (colon < 0) return undefined;
  const [name = '', ...rawParams] = line.slice(0, colon).split(';');
  const params: Record<string, string> = {};
  for (const param of rawParams) {
    const [key = '', value = ''] = param.split('=');
    params[key.toUpperCase()] = value.replace(/^"|"$/g, '');
  }
  return [name.toUpperCase(), { params, value: line.slice(colon + 1) }];
}

/** An iCal DATE or DATE-TIME as people read it, and as a Date for ordering. */
function icalTime(property: Property | undefined): { text: string; date: Date | null } | undefined {
  if (!property) return undefined;
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})?(Z)?)?$/.exec(property.value.trim());
  if (!match) return { text: property.value, date: null };
  const [, y, mo, d, h, mi, s, utc] = match;
  const day = `${y}-${mo}-${d}`;
  if (h === undefined) return { text: day, date: new Date(`${day}T00:00:00Z`) };
  const time = `${h}:${mi}`;
  const zone = utc ? 'UTC' : (property.params.TZID ?? '');
  const iso = `${day}T${time}:${s ?? '00'}${utc ? 'Z' : ''}`;
  const date = new Date(utc ? iso : `${iso}Z`);
  return {
    text: zone ? `${day} ${time} (${zone})` : `${day} ${time}`,
    date: Number.isNaN(date.getTime()) ? null : date,
  };
}

function parseIcal(text: string): FeedItem[] {
  const items: FeedItem[] = [];
  let current: Map<string, Property> | undefined;
  for (const line of unfold(text)) {
    const upper = line.trim().toUpperCase();
    if (upper === 'BEGIN:VEVENT') current = new Map();
    else if (upper === 'END:VEVENT' && current) {
      items.push(eventItem(current));
      current = undefined;
    } else if (current) {
      const property = parseProperty(line);
      // The first of each property counts (alarms and other nested parts come later).
      if (property && !current.has(property[0])) current.set(property[0], property[1]);
    }
  }
  return items;
}

/** The longest description an iCal event keeps (the event store's limit). */
const EVENT_DESCRIPTION_KEPT = 5000;

// This is the one place that knows an iCal item's parts: a VEVENT with a UID and a start becomes
// a Stoop event (integrations/service.ts); one without is posted as a message.
function eventItem(properties: Map<string, Property>): FeedItem {
  const value = (name: string) => unescapeIcal(properties.get(name)?.value ?? '').trim();
  const start = icalTime(properties.get('DTSTART'));
  const end = icalTime(properties.get('DTEND'));
  const recurrence = value('RECURRENCE-ID');
  const title = value('SUMMARY') || 'Untitled event';
  const uid = value('UID');
  const key = `${uid || `${title}@${start?.text ?? ''}`}${recurrence ? `#${recurrence}` : ''}`;
  return {
    event:
      uid && start?.date
        ? {
            uid: key,
            title: title.slice(0, 200),
            startsAt: start.date,
            endsAt: end?.date ?? null,
            location: (value('LOCATION') || 'To be announced').slice(0, 200),
            description: value('DESCRIPTION').slice(0, EVENT_DESCRIPTION_KEPT),
          }
        : undefined,
    key,
    title,
    link: safeLink(value('URL')),
    summary: cut(value('DESCRIPTION').replace(/\s+/g, ' ')),
    date: start?.date ?? null,
    when: start?.text,
    where: value('LOCATION') || undefined,
  };
}

export type FeedKind = 'rss' | 'ical';

/** The items of a fetched document, oldest first. An rss source may be RSS or Atom. */
export function parseFeed(kind: FeedKind, body: string): FeedItem[] {
  const items =
    kind === 'ical' ? parseIcal(body) : /<feed[\s>]/i.test(body) ? parseAtom(body) : parseRss(body);
  const withKeys = items.filter((item) => item.key.length > 0);
  // Feeds list newest first; without dates the document order is reversed.
  const dated = withKeys.every((item) => item.date !== null);
  return dated
    ? [...withKeys].sort((a, b) => (a.date?.getTime() ?? 0) - (b.date?.getTime() ?? 0))
    : withKeys.reverse();
}

/** The message text of an item (markdown-free plain text; the chat renders links safely). */
export function itemMessage(item: FeedItem): string {
  const lines = [item.title];
  if (item.when) lines.push(`When: ${item.when}`);
  if (item.where) lines.push(`Where: ${item.where}`);
  if (item.summary && item.summary !== item.title) lines.push(item.summary);
  if (item.link) lines.push(item.link);
  return lines.join('\n');
}

/** Whether a document looks like what its source is meant to serve. */
export function looksLikeFeed(kind: FeedKind, body: string): boolean {
  return kind === 'ical' ? /BEGIN:VCALENDAR/i.test(body) : /<(rss|feed|rdf:RDF)[\s>]/i.test(body);
}
