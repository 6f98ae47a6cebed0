/**
 * Reads the text WhatsApp writes with "Export chat", on android
 * (`12/31/23, 9:41 PM - Priya: text`) and on ios (`[31/12/2023, 21:41:05] Priya: text`), in any
 * of the clock and date styles its locales use. Pure: no time zone, no database; the caller turns
 * each entry's wall-clock time into an instant (./clock.ts). A long export is read in slices of
 * IMPORT_PARSE_SLICE_LINES lines with a turn for other requests between two slices, so
 * the residents' sends are not held while 100,000 lines are read.
 */
import { IMPORT_PARSE_SLICE_LINES } from '@stoop/shared';
import { inSlices } from './slices.ts';

type Platform = 'android' | 'ios';
type DateOrder = 'day-first' | 'month-first' | 'year-first';

/** A wall-clock time as the export wrote it, before the time zone is applied. */
export type WallTime = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

export type Entry = {
  at: WallTime;
  /** The WhatsApp name (or phone number) of the writer; null for WhatsApp's own lines. */
  sender: string | null;
  text: string;
  /** `system`: the encryption notice, joins and leaves, deleted messages, media left out. */
  kind: 'message' | 'system';
  /** The file a message names as attached (`IMG-….jpg (file attached)`, `<attached: …>`). */
  attachment: string | null;
};

export type ParsedExport = { platform: Platform; dateOrder: DateOrder; entries: Entry[] };

/** Marks WhatsApp puts around names and before its own texts; they carry no meaning here. */
const MARKS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const LEADING_MARKS = /^[\s\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]+/;
/** Spaces WhatsApp writes inside times ("9:41\u202fPM") and dates. */
const SPACES = /[\u00a0\u202f\u2007]/g;

const DATE = String.raw`(\d{1,4})[./-](\d{1,2})[./-](\d{1,4})\.?`;
const TIME = String.raw`(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?(?: ?([AaPp])\.? ?[Mm]\.?)?`;
const IOS_LINE = new RegExp(String.raw`^\[${DATE},? ${TIME}\] (.*)$`);
const ANDROID_LINE = new RegExp(String.raw`^${DATE},? ${TIME} [-–] (.*)$`);

type RawHeader = {
  a: number;
  b: number;
  c: number;
  aDigits: number;
  time: [number, number, number, string | undefined];
};
type RawEntry = { header: RawHeader; body: string[]; ios: boolean };

/** A line starting a new entry, or null for a continuation of the previous message. */
function headerOf(line: string): { header: RawHeader; rest: string; ios: boolean } | null {
  const ios = IOS_LINE.exec(line);
  const match = ios ?? ANDROID_LINE.exec(line);
  if (!match) return null;
  const [, a, b, c, hour, minute, second, meridiem, rest] = match;
  return {
    header: {
      a: Number(a),
      b: Number(b),
      c: Number(c),
      aDigits: (a ?? '').length,
      time: [Number(hour), Number(minute), Number(second ?? 0), meridiem?.toLowerCase()],
    },
    rest: rest ?? '',
    ios: ios !== null,
  };
}

/** Splits the text into entries; a line that starts no entry continues the one before it. */
async function splitEntries(text: string): Promise<RawEntry[]> {
  const entries: RawEntry[] = [];
  const turn = inSlices(IMPORT_PARSE_SLICE_LINES);
  for (const rawLine of text.split(/\r\n|\n|\r/)) {
    await turn();
    const line = rawLine.replace(SPACES, ' ');
    // Marks before the date are dropped; one after the sender's colon is how ios marks its own lines.
    const head = headerOf(line.replace(LEADING_MARKS, ''));
    if (head) entries.push({ header: head.header, body: [head.rest], ios: head.ios });
    else entries.at(-1)?.body.push(line);
  }
  return entries;
}

/**
 * Decides day-first or month-first from every date of the file, not one line: a first number
 * above 12 is a day, a second above 12 is a day; when no date tells, the order under which the
 * times go backwards least often is the one the export was written in.
 */
function decideDateOrder(headers: RawHeader[]): DateOrder {
  if (headers.some((h) => h.aDigits === 4)) return 'year-first';
  let dayFirst = 0;
  let monthFirst = 0;
  for (const h of headers) {
    if (h.a > 12) dayFirst++;
    if (h.b > 12) monthFirst++;
  }
  if (dayFirst !== monthFirst) return dayFirst > monthFirst ? 'day-first' : 'month-first';
  // Lines follow each other in time: the reading under which they go backwards least, and then
  // the one with the smaller steps between them (days, not months), is the file's.
  const cost = (order: DateOrder): [number, number] => {
    let backwards = 0;
    let steps = 0;
    let previous: number | undefined;
    for (const h of headers) {
      const t = wallTime(h, order);
      const key = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
      if (previous !== undefined) {
        if (key < previous) backwards++;
        steps += Math.abs(key - previous);
      }
      previous = key;
    }
    return [backwards, steps];
  };
  const [monthBack, monthSteps] = cost('month-first');
  const [dayBack, daySteps] = cost('day-first');
  if (monthBack !== dayBack) return monthBack < dayBack ? 'month-first' : 'day-first';
  return monthSteps < daySteps ? 'month-first' : 'day-first';
}

function wallTime(h: RawHeader, order: DateOrder): WallTime {
  const [rawHour, minute, second, meridiem] = h.time;
  let hour = rawHour;
  if (meridiem === 'p' && hour < 12) hour += 12;
  if (meridiem === 'a' && hour === 12) hour = 0;
  const [year, month, day] =
    order === 'year-first' ? [h.a, h.b, h.c] : order === 'day-first' ? [h.c, h.b, h.a] : [h.c, h.a, h.b];
  return { year: year < 100 ? 2000 + year : year, month, day, hour, minute, second };
}

function isValid(t: WallTime): boolean {
  return (
    t.month >= 1 &&
    t.month <= 12 &&
    t.day >= 1 &&
    t.day <= 31 &&
    t.hour <= 23 &&
    t.minute <= 59 &&
    t.second <= 59
  );
}

/** The texts WhatsApp writes for itself, in the locales we read (English, German, Spanish, French). */
const OMITTED =
  /^(<Media omitted>|<Medien ausgeschlossen>|<Multimedia omitido>|<Médias omis>|(image|video|audio|sticker|GIF|document|Contact card) omitted|(Bild|Video|Audio|Sticker|GIF|Dokument) weggelassen)$/i;
const DELETED =
  /^(This message was deleted|You deleted this message|Diese Nachricht wurde gelöscht|Du hast diese Nachricht gelöscht|Se eliminó este mensaje|Eliminaste este mensaje|Ce message a été supprimé|Vous avez supprimé ce message)\.?$/i;
const ANDROID_ATTACHED =
  /^(.+?\.[A-Za-z0-9]{1,5}) \((file attached|Datei angehängt|archivo adjunto|fichier joint)\)$/;
const IOS_ATTACHED = /^<(attached|Anhang|adjunto|pièce jointe): (.+?)>$/i;

/** "Name: text", where a name holds no quote (a subject change quoting a colon is no sender). */
const SENDER = /^([^:"“”]{1,100}?): ([\s\S]*)$/;

function attachmentOf(firstLine: string): string | null {
  const line = firstLine.replace(MARKS, '').trim();
  return ANDROID_ATTACHED.exec(line)?.[1] ?? IOS_ATTACHED.exec(line)?.[2]?.trim() ?? null;
}

/** Turns one entry's header and lines into what it says. */
function readEntry(raw: RawEntry, order: DateOrder): Entry | null {
  const at = wallTime(raw.header, order);
  if (!isValid(at)) return null;
  const whole = raw.body.join('\n');
  const sent = SENDER.exec(whole);
  // ios writes its own lines under the group's name, starting the text with a left-to-right mark.
  const iosSystem = raw.ios && sent !== null && /^\u200e/.test(sent[2] ?? '');
  if (!sent)
    return { at, sender: null, text: whole.replace(MARKS, '').trim(), kind: 'system', attachment: null };
  const sender = (sent[1] ?? '').replace(MARKS, '').trim();
  const body = sent[2] ?? '';
  const [firstLine = '', ...more] = body.split('\n');
  const attachment = attachmentOf(firstLine);
  const text = (attachment ? more.join('\n') : body).replace(MARKS, '').trim();
  if (attachment) return { at, sender, text, kind: 'message', attachment };
  const plain = body.replace(MARKS, '').trim();
  if (OMITTED.test(plain) || DELETED.test(plain))
    return { at, sender, text: plain, kind: 'system', attachment: null };
  if (iosSystem) return { at, sender: null, text: plain, kind: 'system', attachment: null };
  return { at, sender, text, kind: 'message', attachment: null };
}

/**
 * Parses a whole export. Throws NotAnExport when the text holds no line WhatsApp would write, so a
 * stray file is refused rather than imported as nothing.
 */
export async function parseExport(text: string): Promise<ParsedExport> {
  const raw = await splitEntries(text.replace(/^\ufeff/, ''));
  if (raw.length === 0) throw new NotAnExport();
  const iosCount = raw.filter((entry) => entry.ios).length;
  const platform: Platform = iosCount * 2 > raw.length ? 'ios' : 'android';
  const dateOrder = decideDateOrder(raw.map((entry) => entry.header));
  const entries: Entry[] = [];
  const turn = inSlices(IMPORT_PARSE_SLICE_LINES);
  for (const entry of raw) {
    await turn();
    const read = readEntry(entry, dateOrder);
    if (read) entries.push(read);
  }
  if (entries.length === 0) throw new NotAnExport();
  return { platform, dateOrder, entries };
}

export class NotAnExport extends Error {
  constructor() {
    super('This is not a WhatsApp chat export: no line has the date, time and sender WhatsApp writes');
  }
}
