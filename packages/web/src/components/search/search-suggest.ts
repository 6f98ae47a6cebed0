/**
 * Autocomplete for the search box: with the caret at the end of `from:@`, `in:#`,
 * `in:@` or `has:`, the names that fit what is typed so far, from the shared parser's tokens.
 */
import { SEARCH_HAS_VALUES, formatModifier, tokenizeSearch, type SearchSigil } from '@stoop/shared';

export interface SearchSuggestion {
  /** What the option shows: `@Alice Park`, `#general`, `has:file`. */
  label: string;
  /** The query with the modifier completed (and a space after it). */
  query: string;
  /** Where the caret goes in `query`. */
  caret: number;
}

const MAX_SUGGESTIONS = 8;

/** Names starting with what was typed first, then names containing it, alphabetically within each. */
function matching(names: readonly string[], typed: string): string[] {
  const q = typed.toLowerCase();
  const unique = [...new Set(names)].sort((a, b) => a.localeCompare(b));
  const starts = unique.filter((n) => n.toLowerCase().startsWith(q));
  const contains = unique.filter((n) => !n.toLowerCase().startsWith(q) && n.toLowerCase().includes(q));
  return [...starts, ...contains].slice(0, MAX_SUGGESTIONS);
}

export function searchSuggestions(
  query: string,
  caret: number,
  usernames: readonly string[],
  channelNames: readonly string[],
): SearchSuggestion[] {
  const token = tokenizeSearch(query).find((t) => t.kind === 'modifier' && t.end === caret);
  if (token?.kind !== 'modifier') return [];
  // A closed quote means the name is finished.
  if (token.raw.endsWith('"') && token.raw.indexOf('"') !== token.raw.length - 1) return [];
  const replace = (text: string, label: string): SearchSuggestion => {
    const before = query.slice(0, token.start);
    const after = query.slice(token.end).replace(/^\s*/, '');
    const inserted = `${text} `;
    return { label, query: `${before}${inserted}${after}`, caret: before.length + inserted.length };
  };
  const names = (sigil: SearchSigil, list: readonly string[]) =>
    matching(list, token.value).map((name) =>
      replace(formatModifier(token.key, sigil, name), `${sigil}${name}`),
    );
  switch (token.key) {
    case 'from':
      return names('@', usernames);
    case 'in':
      if (token.sigil === '@') return names('@', usernames);
      if (token.sigil === '#') return names('#', channelNames);
      return [...names('#', channelNames), ...names('@', usernames)].slice(0, MAX_SUGGESTIONS);
    case 'has':
      return SEARCH_HAS_VALUES.filter((h) => h.startsWith(token.value.toLowerCase())).map((h) =>
        replace(`has:${h}`, `has:${h}`),
      );
    case 'before':
    case 'after':
      return [];
  }
}
