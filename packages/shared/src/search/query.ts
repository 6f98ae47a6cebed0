/**
 * The message search language, parsed the same way by the server (what to look for)
 * and the client (chips and autocomplete): words, "quoted phrases" and the modifiers
 * `from:@username`, `in:#channel`, `in:@username`, `before:YYYY-MM-DD`, `after:YYYY-MM-DD`,
 * `has:file`, `has:link`. A name with spaces is quoted: `from:@"Alice Park"`. Pure and total: any
 * text parses; what cannot be used is reported in `errors`, never thrown.
 */
import { SEARCH_TEXTS } from '../texts.ts';

export const SEARCH_MODIFIER_KEYS = ['from', 'in', 'before', 'after', 'has'] as const;
export type SearchModifierKey = (typeof SEARCH_MODIFIER_KEYS)[number];
export const SEARCH_HAS_VALUES = ['file', 'link'] as const;
type SearchHas = (typeof SEARCH_HAS_VALUES)[number];
/** `@` names a user, `#` a channel, '' neither (a date, a has: value or a bare name). */
export type SearchSigil = '@' | '#' | '';

/** One piece of the query as typed, with its place in the text: [start, end). */
export type SearchToken =
  | { kind: 'word'; text: string; start: number; end: number }
  | { kind: 'phrase'; text: string; start: number; end: number }
  | {
      kind: 'modifier';
      key: SearchModifierKey;
      sigil: SearchSigil;
      value: string;
      /** The modifier exactly as typed, e.g. `from:@"Alice Park"`: what error texts name. */
      raw: string;
      start: number;
      end: number;
    };

/** What the query asks for. Words, phrases and the prefix are lower case. */
export type SearchFilters = {
  /** Whole words every result contains. */
  words: string[];
  /** Phrases every result contains, words in this order. */
  phrases: string[];
  /** The last word, matched as a prefix ("deliv" finds "delivered"); only letters and digits. */
  prefix: string | null;
  from: string | null;
  inChannel: string | null;
  /** The direct conversation of the searcher with this user. */
  inDirect: string | null;
  /** YYYY-MM-DD: created before that day began (UTC). */
  before: string | null;
  /** YYYY-MM-DD: created after that day ended (UTC). */
  after: string | null;
  has: SearchHas[];
};

type SearchError = { raw: string; message: string };

export type ParsedSearch = { tokens: SearchToken[]; filters: SearchFilters; errors: SearchError[] };

const MODIFIER_START = /^(from|in|before|after|has):/i;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const ONLY_LETTERS_AND_DIGITS = /^[\p{L}\p{N}]+$/u;
const isSpace = (ch: string | undefined) => ch !== undefined && /\s/u.test(ch);

/** Reads from `at` to the next whitespace, or a "quoted" run (to the closing quote or the end). */
function readValue(q: string, at: number): { value: string; end: number } {
  if (q[at] === '"') {
    const close = q.indexOf('"', at + 1);
    const end = close === -1 ? q.length : close + 1;
    return { value: q.slice(at + 1, close === -1 ? q.length : close), end };
  }
  let end = at;
  while (end < q.length && !isSpace(q[end])) end += 1;
  return { value: q.slice(at, end), end };
}

/** Splits the query into words, phrases and modifiers, in order. */
export function tokenizeSearch(q: string): SearchToken[] {
  const tokens: SearchToken[] = [];
  let at = 0;
  while (at < q.length) {
    if (isSpace(q[at])) {
      at += 1;
      continue;
    }
    const start = at;
    const modifier = MODIFIER_START.exec(q.slice(at));
    if (modifier?.[1]) {
      const key = modifier[1].toLowerCase() as SearchModifierKey;
      let valueAt = at + modifier[0].length;
      const sigilChar = q[valueAt];
      const sigil: SearchSigil = sigilChar === '@' || sigilChar === '#' ? sigilChar : '';
      if (sigil) valueAt += 1;
      const { value, end } = readValue(q, valueAt);
      tokens.push({
        kind: 'modifier',
        key,
        sigil,
        value: value.trim(),
        raw: q.slice(start, end),
        start,
        end,
      });
      at = end;
    } else if (q[at] === '"') {
      const { value, end } = readValue(q, at);
      tokens.push({ kind: 'phrase', text: value, start, end });
      at = end;
    } else {
      const { value, end } = readValue(q, at);
      tokens.push({ kind: 'word', text: value, start, end });
      at = end;
    }
  }
  return tokens;
}

/** Whether `value` is a real calendar day written YYYY-MM-DD. */
export function isSearchDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Words as the search matches them: lower case, only those with a letter or digit. */
const searchable = (text: string) =>
  text
    .toLowerCase()
    .split(/\s+/u)
    .filter((w) => LETTER_OR_DIGIT.test(w));

type SingleKey = 'from' | 'inChannel' | 'inDirect' | 'before' | 'after';

/** Parses a query: its tokens, what it asks for, and the modifiers that cannot be used. */
export function parseSearch(q: string): ParsedSearch {
  const tokens = tokenizeSearch(q);
  const filters: SearchFilters = {
    words: [],
    phrases: [],
    prefix: null,
    from: null,
    inChannel: null,
    inDirect: null,
    before: null,
    after: null,
    has: [],
  };
  const errors: SearchError[] = [];
  const seen = new Set<string>();
  const setOnce = (field: SingleKey, key: SearchModifierKey, raw: string, value: string) => {
    if (seen.has(key)) errors.push({ raw, message: SEARCH_TEXTS.repeated(key) });
    else filters[field] = value;
    seen.add(key);
  };

  for (const token of tokens) {
    if (token.kind === 'word') filters.words.push(...searchable(token.text));
    else if (token.kind === 'phrase') {
      const words = searchable(token.text);
      if (words.length > 1) filters.phrases.push(words.join(' '));
      else filters.words.push(...words);
    } else if (token.value === '')
      errors.push({ raw: token.raw, message: SEARCH_TEXTS.missingValue(token.raw) });
    else
      switch (token.key) {
        case 'from':
          setOnce('from', 'from', token.raw, token.value);
          break;
        case 'in':
          setOnce(token.sigil === '@' ? 'inDirect' : 'inChannel', 'in', token.raw, token.value);
          break;
        case 'before':
        case 'after':
          if (isSearchDate(token.value)) setOnce(token.key, token.key, token.raw, token.value);
          else errors.push({ raw: token.raw, message: SEARCH_TEXTS.invalidDate(token.raw) });
          break;
        case 'has': {
          const value = token.value.toLowerCase();
          const has = SEARCH_HAS_VALUES.find((h) => h === value);
          if (!has) errors.push({ raw: token.raw, message: SEARCH_TEXTS.unknownHas(token.raw) });
          else if (!filters.has.includes(has)) filters.has.push(has);
          break;
        }
      }
  }

  // The word typed last is matched as a prefix, so results come while it is still being typed.
  const last = tokens.at(-1);
  const lastWord = filters.words.at(-1);
  if (last?.kind === 'word' && lastWord !== undefined && ONLY_LETTERS_AND_DIGITS.test(lastWord)) {
    filters.prefix = lastWord;
    filters.words.pop();
  }
  return { tokens, filters, errors };
}

/** Whether the query looks for anything (text or a modifier): an empty one is never sent (R-SEARCH-1). */
export function hasSearchTerms(filters: SearchFilters): boolean {
  const { words, phrases, prefix, from, inChannel, inDirect, before, after, has } = filters;
  return (
    words.length + phrases.length + has.length > 0 ||
    [prefix, from, inChannel, inDirect, before, after].some((v) => v !== null)
  );
}

/** A modifier as the client inserts it: `from:@alice`, `in:#"Book club"`. */
export function formatModifier(key: SearchModifierKey, sigil: SearchSigil, value: string): string {
  const quoted = /[\s"]/u.test(value) ? `"${value.replaceAll('"', '')}"` : value;
  return `${key}:${sigil}${quoted}`;
}
