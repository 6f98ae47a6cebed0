/**
 * The virtualised message list (react-virtuoso) over the conversation's sliding window
 * (services/chat/message-window.ts). Older pages are prepended at the top (startReached, while
 * hasMore), newer ones appended at the bottom (endReached, while hasNewer); firstItemIndex keeps
 * the rows on screen where they are while pages come and the far end is trimmed (list-index.ts).
 * Day labels (R-MSG-10) separate the days; the list reads downwards, so the days run oldest to
 * newest here. A jump target (a search result) is scrolled to once it is loaded and highlighted
 * for a moment; when the window is back in history, "Jump to newest" reloads the newest page.
 */
import { ArrowDown } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Virtuoso, type Components, type VirtuosoHandle } from 'react-virtuoso';
import type { Message } from '@stoop/shared';
import { groupByDate } from '../../services/chat/date-groups.ts';
import { useOutboxStore } from '../../stores/outbox.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { MessageRow } from './MessageRow.tsx';
import { nextFirstItemIndex, START_INDEX, type IndexedKeys } from './list-index.ts';
import type { JumpTarget } from './use-message-jump.ts';

type Item = { kind: 'day'; key: string; label: string } | { kind: 'message'; key: string; message: Message };

/** How long a jumped-to message stays highlighted: long enough to find it on the screen. */
export const JUMP_HIGHLIGHT_MS = 2500;

function toItems(messages: readonly Message[], now = new Date()): Item[] {
  const groups = groupByDate(messages, (m) => m.createdAt, now).reverse();
  return groups.flatMap((group) => [
    { kind: 'day' as const, key: `day-${group.key}`, label: group.label },
    ...group.items.map((message) => ({ kind: 'message' as const, key: message.id, message })),
  ]);
}

interface ListContext {
  hasMore: boolean;
  hasNewer: boolean;
  loading: boolean;
}

/**
 * The list's header and footer, defined once: components made inline on every render would be new
 * component types each time, so Virtuoso would remount and measure them again on every update.
 */
const LIST_COMPONENTS: Components<Item, ListContext> = {
  Header: ({ context }) =>
    context.hasMore ? (
      <div className="flex justify-center py-3 text-slate-400">
        {context.loading ? <Spinner className="h-4 w-4" /> : null}
      </div>
    ) : (
      <p className="py-4 text-center text-xs text-slate-500">This is the beginning of the conversation.</p>
    ),
  Footer: ({ context }) =>
    context.hasNewer ? (
      <div className="flex justify-center py-3 text-slate-400">
        {context.loading ? <Spinner className="h-4 w-4" /> : null}
      </div>
    ) : null,
};

interface Props {
  messages: readonly Message[];
  /** Scrolls to this message (a search result's jump link) once it is among `messages`. */
  jumpTarget?: JumpTarget | null;
  hasMore: boolean;
  /** The window is back in history: newer pages load at the bottom, and "Jump to newest" shows. */
  hasNewer?: boolean;
  /** Changes when a page replaced the window (ConversationCache.generation): the list re-positions. */
  generation?: number;
  loading: boolean;
  onLoadOlder: () => void;
  onLoadNewer?: () => void;
  onJumpToNewest?: () => void;
}

/**
 * Scrolls to the jump target when it is in the list, once per request, and says which message is
 * the target (it takes focus) and whether it is still highlighted.
 */
function useScrollToJumpTarget(
  virtuoso: RefObject<VirtuosoHandle | null>,
  jumpTarget: JumpTarget | null,
  targetIndex: number,
): { jumpedId: string | null; highlighted: boolean; pending: boolean } {
  const handled = useRef<string | null>(null);
  const [jump, setJump] = useState<{ id: string; key: string } | null>(null);
  const [highlighted, setHighlighted] = useState(false);

  useEffect(() => {
    if (!jumpTarget || targetIndex < 0 || handled.current === jumpTarget.requestKey) return;
    handled.current = jumpTarget.requestKey;
    // 'auto', not 'smooth': a smooth scroll across hundreds of rows of unknown height lands late.
    virtuoso.current?.scrollToIndex({ index: targetIndex, align: 'center', behavior: 'auto' });
    setJump({ id: jumpTarget.messageId, key: jumpTarget.requestKey });
    setHighlighted(true);
  }, [virtuoso, jumpTarget, targetIndex]);

  useEffect(() => {
    if (!jump) return;
    const timer = setTimeout(() => setHighlighted(false), JUMP_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [jump]);

  const pending = jumpTarget !== null && targetIndex >= 0 && handled.current !== jumpTarget.requestKey;
  return { jumpedId: jump?.id ?? null, highlighted, pending };
}

/**
 * firstItemIndex for the current items (list-index.ts), and whether the list stood at the newest
 * end before this render: only then is growth at the bottom live messages to follow, not a newer
 * page the resident is about to read.
 */
function useSlidingIndex(items: readonly Item[], hasNewer: boolean) {
  const previous = useRef<IndexedKeys & { hasNewer: boolean }>({
    keys: [],
    firstItemIndex: START_INDEX,
    hasNewer,
  });
  return useMemo(() => {
    const keys = items.map((i) => (i.kind === 'message' ? i.key : null));
    const firstItemIndex = nextFirstItemIndex(previous.current, keys);
    const wasAtNewestEnd = !previous.current.hasNewer;
    previous.current = { keys, firstItemIndex, hasNewer };
    return { firstItemIndex, wasAtNewestEnd };
  }, [items, hasNewer]);
}

/**
 * A page that replaced the window (a jump, "Jump to newest", a send from back in history) shows its
 * newest end, unless a jump target in it is about to be scrolled to instead.
 */
function useShowNewestOnReplace(
  virtuoso: RefObject<VirtuosoHandle | null>,
  generation: number,
  jumpPending: boolean,
) {
  const seen = useRef(generation);
  useEffect(() => {
    if (seen.current === generation) return;
    seen.current = generation;
    if (!jumpPending) virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end', behavior: 'auto' });
  }, [virtuoso, generation, jumpPending]);
}

export function MessageList({
  messages,
  jumpTarget = null,
  hasMore,
  hasNewer = false,
  generation = 0,
  loading,
  onLoadOlder,
  onLoadNewer = () => undefined,
  onJumpToNewest = () => undefined,
}: Props) {
  const sends = useOutboxStore((s) => s.sends);
  const items = useMemo(() => toItems(messages), [messages]);
  const virtuoso = useRef<VirtuosoHandle>(null);
  const { firstItemIndex, wasAtNewestEnd } = useSlidingIndex(items, hasNewer);

  const listContext = useMemo(() => ({ hasMore, hasNewer, loading }), [hasMore, hasNewer, loading]);

  const targetIndex = jumpTarget ? items.findIndex((i) => i.key === jumpTarget.messageId) : -1;
  const { jumpedId, highlighted, pending } = useScrollToJumpTarget(virtuoso, jumpTarget, targetIndex);
  useShowNewestOnReplace(virtuoso, generation, pending);

  if (messages.length === 0) {
    return (
      <div className="flex min-h-0 flex-1 items-center justify-center p-6 text-center text-sm text-slate-500">
        {loading ? <Spinner /> : 'No messages yet. Say hello!'}
      </div>
    );
  }

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <Virtuoso
        ref={virtuoso}
        className="min-h-0 flex-1"
        data={items}
        firstItemIndex={firstItemIndex}
        // Remounted per conversation (keyed by the page), so the initial position applies on open.
        initialTopMostItemIndex={
          targetIndex >= 0 ? { index: targetIndex, align: 'center' } : { index: 'LAST', align: 'end' }
        }
        computeItemKey={(_, item) => item.key}
        startReached={() => {
          if (hasMore && !loading) onLoadOlder();
        }}
        endReached={() => {
          if (hasNewer && !loading) onLoadNewer();
        }}
        followOutput={(atBottom) => (atBottom && wasAtNewestEnd ? 'smooth' : false)}
        context={listContext}
        components={LIST_COMPONENTS}
        itemContent={(_, item) =>
          item.kind === 'day' ? (
            <div className="flex items-center gap-3 px-4 py-2" role="separator" aria-label={item.label}>
              <span className="h-px flex-1 bg-slate-200" />
              <span className="text-xs font-semibold text-slate-500">{item.label}</span>
              <span className="h-px flex-1 bg-slate-200" />
            </div>
          ) : (
            <MessageRow
              message={item.message}
              send={item.message.clientMessageId ? sends[item.message.clientMessageId] : undefined}
              jumpTarget={item.key === jumpedId}
              highlighted={highlighted && item.key === jumpedId}
            />
          )
        }
      />
      {hasNewer ? (
        <button
          type="button"
          className="absolute bottom-3 right-4 flex items-center gap-1.5 rounded-full bg-brand-700 px-3 py-1.5 text-xs font-semibold text-white shadow-md hover:bg-brand-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
          onClick={onJumpToNewest}
        >
          <ArrowDown className="h-3.5 w-3.5" aria-hidden="true" /> Jump to newest
        </button>
      ) : null}
    </div>
  );
}
