/**
 * The quick row of reactions (R-REACT-4), opened from a message's actions: the like first (the
 * spec's like, unchanged), then the usual emoji, then "More emoji", which loads the full picker on
 * first use. Escape or a click elsewhere closes it.
 */
import { Heart, Plus, SmilePlus } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { QUICK_REACTIONS } from '@stoop/shared/constants';
import { rememberReaction } from '../../services/chat/reactions.ts';
import { useMessagesStore } from '../../stores/messages.ts';

const EmojiPicker = lazy(async () => ({ default: (await import('./EmojiPicker.tsx')).EmojiPicker }));

interface Props {
  messageId: string;
  liked: boolean;
  /** Emoji the resident has already given on this message. */
  mine: readonly string[];
  className: string;
  drawn: boolean;
}

export function ReactionPicker({ messageId, liked, mine, className, drawn }: Props) {
  const [open, setOpen] = useState<'quick' | 'all' | null>(null);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(null);
    };
    const onPointer = (event: PointerEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const react = (emoji: string) => {
    const add = !mine.includes(emoji);
    if (add) rememberReaction(emoji);
    setOpen(null);
    void useMessagesStore.getState().reactToMessage(messageId, emoji, add);
  };
  const toggleLike = () => {
    setOpen(null);
    const store = useMessagesStore.getState();
    void (liked ? store.unlikeMessage(messageId) : store.likeMessage(messageId));
  };

  return (
    <div ref={box} className="relative">
      <button
        type="button"
        className={className}
        aria-label="Add reaction"
        aria-expanded={open !== null}
        onClick={() => setOpen(open ? null : 'quick')}
      >
        {drawn ? <SmilePlus className="h-4 w-4" aria-hidden="true" /> : <span className="block h-4 w-4" />}
      </button>
      {open === 'quick' ? (
        <div
          role="menu"
          aria-label="Reactions"
          className="absolute right-0 top-full z-20 mt-1 flex gap-0.5 rounded-full border border-slate-200 bg-white p-1 shadow-lg"
        >
          <button
            type="button"
            role="menuitemcheckbox"
            aria-checked={liked}
            aria-label={liked ? 'Unlike' : 'Like'}
            autoFocus
            className="flex h-9 w-9 items-center justify-center rounded-full hover:bg-rose-50"
            onClick={toggleLike}
          >
            <Heart
              className={`h-5 w-5 ${liked ? 'fill-rose-500 text-rose-500' : 'text-rose-500'}`}
              aria-hidden="true"
            />
          </button>
          {QUICK_REACTIONS.map((emoji) => (
            <button
              key={emoji}
              type="button"
              role="menuitemcheckbox"
              aria-checked={mine.includes(emoji)}
              aria-label={`React with ${emoji}`}
              className={`flex h-9 w-9 items-center justify-center rounded-full text-lg hover:bg-slate-100 ${
                mine.includes(emoji) ? 'bg-brand-50' : ''
              }`}
              onClick={() => react(emoji)}
            >
              {emoji}
            </button>
          ))}
          <button
            type="button"
            role="menuitem"
            aria-label="More emoji"
            className="flex h-9 w-9 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
            onClick={() => setOpen('all')}
          >
            <Plus className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
      ) : null}
      {open === 'all' ? (
        <Suspense
          fallback={
            <div className="absolute right-0 top-full z-20 mt-1 rounded-lg border bg-white p-3 text-xs text-slate-500 shadow-lg">
              Loading emoji…
            </div>
          }
        >
          <EmojiPicker onPick={react} />
        </Suspense>
      ) : null}
    </div>
  );
}
