/**
 * The full emoji picker, loaded on first use: the resident's recently used emoji first,
 * then every set of emoji-data.ts, and a field that takes any other emoji from the device's
 * keyboard (one emoji, as the server checks).
 */
import { useState, type FormEvent } from 'react';
import { isSingleEmoji } from '@stoop/shared/schemas/chat';
import { recentReactions } from '../../services/chat/reactions.ts';
import { EMOJI_GROUPS } from './emoji-data.ts';

export function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const [typed, setTyped] = useState('');
  const [recent] = useState(recentReactions);
  const valid = isSingleEmoji(typed.trim());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) onPick(typed.trim());
  };
  const groups = [{ name: 'Recently used', emoji: recent }, ...EMOJI_GROUPS];

  return (
    <div
      role="dialog"
      aria-label="Choose an emoji"
      className="absolute right-0 top-full z-20 mt-1 flex max-h-80 w-[min(20rem,calc(100vw-2rem))] flex-col rounded-xl border border-slate-200 bg-white shadow-lg"
    >
      <form className="flex gap-1 border-b border-slate-100 p-2" onSubmit={submit}>
        <input
          aria-label="Type any emoji"
          placeholder="Type any emoji"
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1 text-sm"
          value={typed}
          autoFocus
          onChange={(e) => setTyped(e.target.value)}
        />
        <button
          type="submit"
          disabled={!valid}
          className="rounded-md bg-brand-700 px-2 py-1 text-xs font-semibold text-white disabled:opacity-40"
        >
          Add
        </button>
      </form>
      <div className="overflow-y-auto p-2">
        {groups.map((group) => (
          <section key={group.name} aria-label={group.name}>
            <h3 className="px-1 pb-1 pt-2 text-[11px] font-semibold uppercase tracking-wide text-slate-500">
              {group.name}
            </h3>
            <div className="grid grid-cols-8 gap-0.5">
              {group.emoji.map((emoji) => (
                <button
                  key={emoji}
                  type="button"
                  aria-label={emoji}
                  className="flex h-8 w-8 items-center justify-center rounded-md text-lg hover:bg-slate-100"
                  onClick={() => onPick(emoji)}
                >
                  {emoji}
                </button>
              ))}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
