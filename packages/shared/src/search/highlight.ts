/**
 * Where a search's words are in a message: ranges of the text, never markup, so the
 * client renders them as text nodes and a message cannot inject anything through its highlight.
 */
import type { SearchFilters } from './query.ts';

/** [start, end) offsets into a text, in UTF-16 code units (JavaScript string indices). */
export type SearchRange = [number, number];

export type SearchSnippet = { text: string; highlights: SearchRange[] };

const WORD = /[\p{L}\p{N}]+/gu;
const ONLY_LETTERS_AND_DIGITS = /^[\p{L}\p{N}]+$/u;

/** Sorted, with overlapping or touching ranges joined. */
function merged(ranges: SearchRange[]): SearchRange[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: SearchRange[] = [];
  for (const [start, end] of sorted) {
    const last = out.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

/** The ranges of `text` that the filters' words, phrase words and prefix match, case-insensitively. */
export function searchHighlights(text: string, filters: SearchFilters): SearchRange[] {
  const terms = [...filters.words, ...filters.phrases.flatMap((p) => p.split(' '))];
  const whole = new Set(terms.filter((t) => ONLY_LETTERS_AND_DIGITS.test(t)));
  // A term with punctuation ("example.com") is one word to the database; found here as it is written.
  const literal = terms.filter((t) => !whole.has(t));
  const lower = text.toLowerCase();
  // toLowerCase can change a string's length (e.g. "İ"); then offsets would not line up.
  if (lower.length !== text.length) return [];
  const ranges: SearchRange[] = [];
  for (const match of lower.matchAll(WORD)) {
    const word = match[0];
    if (whole.has(word) || (filters.prefix !== null && word.startsWith(filters.prefix)))
      ranges.push([match.index, match.index + word.length]);
  }
  for (const term of literal)
    for (let at = lower.indexOf(term); at !== -1; at = lower.indexOf(term, at + term.length))
      ranges.push([at, at + term.length]);
  return merged(ranges);
}

/**
 * The message text to show as a result: the whole text when short, else about `maxLength`
 * characters around the first match, marked with ellipses, and the highlights within it.
 */
export function searchSnippet(text: string, filters: SearchFilters, maxLength: number): SearchSnippet {
  const highlights = searchHighlights(text, filters);
  if (text.length <= maxLength) return { text, highlights };
  const first = highlights[0]?.[0] ?? 0;
  // Some context before the first match, then the rest of the window after it.
  let start = Math.max(0, Math.min(first - Math.floor(maxLength / 4), text.length - maxLength));
  // Never cut a surrogate pair in two.
  if (/[\uDC00-\uDFFF]/.test(text[start] ?? '')) start -= 1;
  let end = Math.min(text.length, start + maxLength);
  if (/[\uDC00-\uDFFF]/.test(text[end] ?? '')) end += 1;
  const lead = start > 0 ? '…' : '';
  const tail = end < text.length ? '…' : '';
  const shift = lead.length - start;
  const inside = highlights
    .filter(([s, e]) => s < end && e > start)
    .map(([s, e]): SearchRange => [Math.max(s, start) + shift, Math.min(e, end) + shift]);
  return { text: `${lead}${text.slice(start, end)}${tail}`, highlights: inside };
}
