/**
 * What the reaction button opens (ReactionPicker.tsx): the quick row, the like first (the spec's
 * like, unchanged), then the usual emoji, then "More emoji", which loads the full picker on first
 * use. A chunk of its own, loaded when a row's actions are first shown or the button is pressed.
 */
import { Heart, Plus } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { QUICK_REACTIONS } from '@stoop/shared/constants';
import { rememberReaction } from '../../services/chat/reactions.ts';
import { useMessagesStore } from '../../stores/messages.ts';

const EmojiPicker = lazy(async () => ({ default: (await import('./EmojiPicker.tsx')).EmojiPicker }));

export type ReactionMenuView = 'quick' | 'all';

interface Props {
  view: ReactionMenuView;
  messageId: string;
  liked: boolean;
  /** Emoji the resident has already given on this message. */
  mine: readonly string[];
  onView: (view: ReactionMenuView | null) => void;
}

export function ReactionMenu({ view, messageId, liked, mine, onView }: Props) {
  const react = (emoji: string) => {
    const add = !mine.includes(emoji);
    if (add) rememberReaction(emoji);
    onView(null);
    void useMessagesStore.getState().reactToMessage(messageId, emoji, add);
  };
  const toggleLike = () => {
    onView(null);
    const store = useMessagesStore.getState();
    void (liked ? store.unlikeMessage(messageId) : store.likeMessage(messageId));
  };

  if (view === 'all') {
    return (
      <Suspense
        fallback={
          <div className="absolute right-0 top-full z-20 mt-1 rounded-lg border bg-white p-3 text-xs text-slate-500 shadow-lg">
            Loading emoji…
          </div>
        }
      >
        <EmojiPicker onPick={react} />
      </Suspense>
    );
  }
  return (
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
        onClick={() => onView('all')}
      >
        <Plus className="h-5 w-5" aria-hidden="true" />
      </button>
    </div>
  );
}
