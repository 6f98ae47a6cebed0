import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchHighlights, searchSnippet } from './highlight.ts';
import { formatModifier, hasSearchTerms, isSearchDate, parseSearch, SEARCH_MODIFIER_KEYS } from './query.ts';

const filtersOf = (q: string) => parseSearch(q).filters;
const errorsOf = (q: string) => parseSearch(q).errors.map((e) => e.message);

describe('R-SEARCH-5 search query parser', () => {
  it('matches the last word as a prefix and the others as whole words, in lower case', () => {
    expect(filtersOf('Recycling PICK')).toMatchObject({ words: ['recycling'], prefix: 'pick' });
    expect(filtersOf('pickup "bins out"')).toMatchObject({
      words: ['pickup'],
      phrases: ['bins out'],
      prefix: null,
    });
    // A word with punctuation stays a whole word: the database sees "example.com" as one.
    expect(filtersOf('see example.com')).toMatchObject({ words: ['see', 'example.com'], prefix: null });
    // Punctuation alone looks for nothing.
    expect(hasSearchTerms(filtersOf(' -- ! '))).toBe(false);
  });

  it('reads every modifier, quoted names included', () => {
    expect(
      filtersOf('from:@"Alice Park" in:#general before:2024-03-01 after:2024-01-31 has:file has:LINK rent'),
    ).toEqual({
      words: [],
      phrases: [],
      prefix: 'rent',
      from: 'Alice Park',
      inChannel: 'general',
      inDirect: null,
      before: '2024-03-01',
      after: '2024-01-31',
      has: ['file', 'link'],
    });
    expect(filtersOf('in:@bob')).toMatchObject({ inDirect: 'bob', inChannel: null });
    expect(filtersOf('FROM:alice')).toMatchObject({ from: 'alice' });
    // Not a modifier: a time, or an unknown key.
    expect(filtersOf('at 10:30 to:me')).toMatchObject({ words: ['at', '10:30', 'to:me'], prefix: null });
  });

  it('names the modifier it cannot use', () => {
    expect(errorsOf('before:2024-13-01')).toEqual(['Invalid date in before:2024-13-01']);
    expect(errorsOf('after:yesterday')).toEqual(['Invalid date in after:yesterday']);
    expect(errorsOf('has:pdf')).toEqual(['Unknown filter in has:pdf (use has:file or has:link)']);
    expect(errorsOf('from:@')).toEqual(['Missing value in from:@']);
    expect(errorsOf('from:@a from:@b')).toEqual(['Use from: only once in a search']);
    expect(errorsOf('in:#a in:@b')).toEqual(['Use in: only once in a search']);
    expect(errorsOf('from:@a has:file has:file in:#x')).toEqual([]);
  });

  it('knows real calendar days', () => {
    expect(isSearchDate('2024-02-29')).toBe(true);
    expect(isSearchDate('2023-02-29')).toBe(false);
    expect(isSearchDate('2024-2-01')).toBe(false);
  });

  it('never throws, and its tokens are ordered, disjoint slices of the query', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (q) => {
        const { tokens } = parseSearch(q);
        let previous = 0;
        for (const token of tokens) {
          expect(token.start).toBeGreaterThanOrEqual(previous);
          expect(token.end).toBeGreaterThan(token.start);
          expect(token.end).toBeLessThanOrEqual(q.length);
          if (token.kind === 'modifier') expect(q.slice(token.start, token.end)).toBe(token.raw);
          if (token.kind === 'word') expect(q.slice(token.start, token.end)).toBe(token.text);
          previous = token.end;
        }
        // Whatever is left between tokens is whitespace.
        const rest = tokens.reduceRight((text, t) => text.slice(0, t.start) + text.slice(t.end), q);
        expect(rest.trim()).toBe('');
      }),
    );
  });

  it('reads back every modifier the client writes', () => {
    const name = fc
      .string({ minLength: 1, maxLength: 20 })
      .filter(
        (s) => s.trim() === s && s.length > 0 && !s.includes('"') && !s.startsWith('@') && !s.startsWith('#'),
      );
    fc.assert(
      fc.property(
        fc.constantFrom('from', 'in'),
        fc.constantFrom<'@' | '#'>('@', '#'),
        name,
        (key, sigil, value) => {
          const { tokens } = parseSearch(`${formatModifier(key, sigil, value)} tail`);
          expect(tokens[0]).toMatchObject({ kind: 'modifier', key, sigil, value });
          expect(tokens[1]).toMatchObject({ kind: 'word', text: 'tail' });
        },
      ),
    );
  });

  it('keeps every plain word, lower-cased, the last one as the prefix', () => {
    const word = fc
      .stringMatching(/^[a-zA-Z0-9]{1,8}$/)
      .filter((w) => !SEARCH_MODIFIER_KEYS.some((k) => w.toLowerCase() === k));
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 6 }), (words) => {
        const filters = filtersOf(words.join('  '));
        expect([...filters.words, filters.prefix]).toEqual(words.map((w) => w.toLowerCase()));
      }),
    );
  });
});

describe('R-SEARCH-6 highlights and snippets', () => {
  it('marks whole words, phrase words and the prefix, case-insensitively', () => {
    const text = 'Bins out: the Recycling pickup moved, see example.com';
    const ranges = searchHighlights(text, filtersOf('"bins out" example.com recy'));
    expect(ranges.map(([s, e]) => text.slice(s, e))).toEqual(['Bins', 'out', 'Recycling', 'example.com']);
  });

  it('cuts a long text around the first match, highlights moved with it', () => {
    const text = `${'lorem '.repeat(60)}parcel arrived ${'ipsum '.repeat(60)}`;
    const snippet = searchSnippet(text, filtersOf('parcel'), 80);
    expect(snippet.text.startsWith('…')).toBe(true);
    expect(snippet.text.endsWith('…')).toBe(true);
    expect(snippet.highlights.map(([s, e]) => snippet.text.slice(s, e))).toEqual(['parcel']);
  });

  it('always gives ranges inside the text, sorted and disjoint, each covering a searched word', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.string({ maxLength: 30 }),
        fc.integer({ min: 10, max: 120 }),
        (text, q, max) => {
          const filters = filtersOf(q);
          const snippet = searchSnippet(text, filters, max);
          let previous = -1;
          for (const [start, end] of snippet.highlights) {
            expect(start).toBeGreaterThan(previous);
            expect(end).toBeGreaterThan(start);
            expect(end).toBeLessThanOrEqual(snippet.text.length);
            previous = end;
          }
          const terms = [...filters.words, ...filters.phrases.flatMap((p) => p.split(' '))];
          for (const [start, end] of searchHighlights(text, filters)) {
            const marked = text.slice(start, end).toLowerCase();
            const covered =
              terms.some((t) => marked.includes(t) || t.includes(marked)) ||
              (filters.prefix !== null &&
                (marked.includes(filters.prefix) || filters.prefix.startsWith(marked)));
            expect(covered).toBe(true);
          }
        },
      ),
    );
  });
});
