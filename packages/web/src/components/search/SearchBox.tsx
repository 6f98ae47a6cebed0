/**
 * The search box: a combobox that completes `from:@`, `in:#`, `in:@` and `has:`, the
 * query's modifiers as removable chips (from the shared parser, so they read the query as the
 * server will), and buttons that start a modifier. Keyboard: arrows pick a suggestion, Enter or
 * Tab takes it, Escape closes the list, Enter otherwise searches.
 */
import { Search, X } from 'lucide-react';
import { useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { parseSearch, type SearchToken } from '@stoop/shared';
import { searchSuggestions, type SearchSuggestion } from './search-suggest.ts';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  onSearch: (value: string) => void;
  usernames: readonly string[];
  channelNames: readonly string[];
}

type ModifierToken = Extract<SearchToken, { kind: 'modifier' }>;

/** Modifiers a click starts; the caret lands after them so the suggestions open. */
const STARTERS = ['from:@', 'in:#', 'in:@', 'has:file', 'has:link', 'before:', 'after:'] as const;

export function SearchBox({ value, onChange, onSearch, usernames, channelNames }: SearchBoxProps) {
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [caret, setCaret] = useState(value.length);
  const [active, setActive] = useState(-1);
  const [dismissed, setDismissed] = useState(false);
  const parsed = useMemo(() => parseSearch(value), [value]);
  const suggestions = useMemo(
    () => (dismissed ? [] : searchSuggestions(value, caret, usernames, channelNames)),
    [value, caret, usernames, channelNames, dismissed],
  );
  const open = suggestions.length > 0;
  const chips = parsed.tokens.filter((t): t is ModifierToken => t.kind === 'modifier');
  const errorOf = (chip: ModifierToken) => parsed.errors.find((e) => e.raw === chip.raw)?.message;

  const edit = (next: string, nextCaret: number) => {
    onChange(next);
    setCaret(nextCaret);
    setActive(-1);
    setDismissed(false);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(nextCaret, nextCaret);
    });
  };
  const take = (s: SearchSuggestion) => edit(s.query, s.caret);
  const remove = (chip: ModifierToken) => {
    const next = `${value.slice(0, chip.start)}${value.slice(chip.end)}`.replace(/\s{2,}/g, ' ').trim();
    edit(next, next.length);
  };
  const start = (starter: string) => {
    const base = value.trimEnd();
    // A finished modifier (has:file) takes its space; an open one leaves the caret in it.
    const done = !/[:@#]$/.test(starter);
    const next = `${base}${base ? ' ' : ''}${starter}${done ? ' ' : ''}`;
    edit(next, next.length);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Escape closes the suggestions and nothing more: the browser's own clearing of a search
    // field would wipe the query the resident is working on (R-SEARCH-8).
    if (event.key === 'Escape') {
      event.preventDefault();
      setDismissed(true);
      return;
    }
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + suggestions.length) % suggestions.length);
    } else if ((event.key === 'Enter' || event.key === 'Tab') && active >= 0) {
      const chosen = suggestions[active];
      if (!chosen) return;
      event.preventDefault();
      take(chosen);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDismissed(true);
    onSearch(value);
  };

  return (
    <form role="search" className="mt-4" onSubmit={submit}>
      <div className="relative flex gap-2">
        <input
          ref={input}
          type="search"
          role="combobox"
          aria-label="Search messages"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          placeholder="Search, e.g. from:@name in:#channel"
          autoComplete="off"
          spellCheck={false}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none"
          value={value}
          onChange={(e) => edit(e.target.value, e.target.selectionStart ?? e.target.value.length)}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart ?? value.length)}
          onKeyDown={onKeyDown}
          onBlur={() => setDismissed(true)}
          onFocus={() => setDismissed(false)}
        />
        <button
          type="submit"
          className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 sm:px-4"
        >
          <Search className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">Search</span>
        </button>
        <ul
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          hidden={!open}
          className="absolute left-0 right-0 top-full z-10 mt-1 max-h-64 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {suggestions.map((s, i) => (
            <li
              key={s.label}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`cursor-pointer truncate px-3 py-2 text-sm ${i === active ? 'bg-brand-50 text-brand-800' : 'text-slate-800'}`}
              // mousedown, not click: the input's blur would close the list before a click lands.
              onMouseDown={(e) => {
                e.preventDefault();
                take(s);
              }}
            >
              {s.label}
            </li>
          ))}
        </ul>
      </div>
      {chips.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Search filters">
          {chips.map((chip) => {
            const error = errorOf(chip);
            return (
              <li
                key={`${chip.start}-${chip.raw}`}
                className={`inline-flex max-w-full items-center gap-1 rounded-full border px-2 py-0.5 text-xs ${error ? 'border-red-300 bg-red-50 text-red-800' : 'border-brand-200 bg-brand-50 text-brand-800'}`}
                title={error}
              >
                <span className="truncate">{chip.raw}</span>
                {error && <span className="sr-only">: {error}</span>}
                <button
                  type="button"
                  aria-label={`Remove ${chip.raw}`}
                  className="rounded-full p-0.5 hover:bg-white/70"
                  onClick={() => remove(chip)}
                >
                  <X className="h-3 w-3" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {parsed.errors[0] && (
        <p className="mt-1 text-xs text-red-700" role="status">
          {parsed.errors[0].message}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-1.5" aria-label="Add a filter" role="group">
        {STARTERS.map((starter) => (
          <button
            key={starter}
            type="button"
            className="rounded-md border border-slate-200 bg-white px-2 py-1 font-mono text-xs text-slate-600 hover:border-brand-300 hover:text-brand-800"
            onClick={() => start(starter)}
          >
            {starter}
          </button>
        ))}
      </div>
    </form>
  );
}
