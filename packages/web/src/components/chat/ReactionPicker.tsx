/**
 * A message's reaction button and what it opens (ReactionMenu.tsx: the quick row of reactions and
 * the full picker). Escape or a click elsewhere closes it. The menu's chunk loads once the row's
 * actions are first shown (`drawn`), before the button can be pressed with a pointer.
 */
import { SmilePlus } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { ReactionMenuView } from './ReactionMenu.tsx';

const loadMenu = () => import('./ReactionMenu.tsx');
const ReactionMenu = lazy(async () => ({ default: (await loadMenu()).ReactionMenu }));

interface Props {
  messageId: string;
  liked: boolean;
  /** Emoji the resident has already given on this message. */
  mine: readonly string[];
  className: string;
  drawn: boolean;
}

export function ReactionPicker({ messageId, liked, mine, className, drawn }: Props) {
  const [open, setOpen] = useState<ReactionMenuView | null>(null);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (drawn) loadMenu().catch(() => undefined);
  }, [drawn]);

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
      {open ? (
        <Suspense fallback={null}>
          <ReactionMenu view={open} messageId={messageId} liked={liked} mine={mine} onView={setOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}
