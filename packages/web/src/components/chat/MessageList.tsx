/**
 * The virtualised message list (react-virtuoso). Older pages are prepended while hasMore using
 * Virtuoso's firstItemIndex: the index of the first item drops by the number of items added on
 * top, so the rows on screen stay where they are. Day labels (SPEC 9) separate the days; the list
 * reads downwards, so the days run oldest to newest here. A jump target (a search result) is
 * scrolled to once it is loaded and highlighted for a moment.
 */
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import type { Message } from '@stoop/shared';
import { groupByDate } from '../../services/date-groups.ts';
import { useMessagesStore } from '../../stores/messages.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { MessageRow } from './MessageRow.tsx';
import type { JumpTarget } from './use-message-jump.ts';

type Item = { kind: 'day'; key: string; label: string } | { kind: 'message'; key: string; message: Message };

/** A large start index so prepending never goes below zero. */
const START_INDEX = 1_000_000;

/** How long a jumped-to message stays highlighted: long enough to find it on the screen. */
export const JUMP_HIGHLIGHT_MS = 2500;

export function toItems(messages: readonly Message[], now = new Date()): Item[] {
  const groups = groupByDate(messages, (m) => m.createdAt, now).reverse();
  return groups.flatMap((group) => [
    { kind: 'day' as const, key: `day-${group.key}`, label: group.label },
    ...group.items.map((message) => ({ kind: 'message' as const, key: message.id, message })),
  ]);
}

interface Props {
  messages: readonly Message[];
  /** Scrolls to this message (a search result's jump link) once it is among `messages`. */
  jumpTarget?: JumpTarget | null;
  hasMore: boolean;
  loading: boolean;
  onLoadOlder: () => void;
}

/**
 * Scrolls to the jump target when it is in the list, once per request, and says which message is
 * the target (it takes focus) and whether it is still highlighted.
 */
function useScrollToJumpTarget(
  virtuoso: RefObject<VirtuosoHandle | null>,
  jumpTarget: JumpTarget | null,
  targetIndex: number,
): { jumpedId: string | null; highlighted: boolean } {
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

  return { jumpedId: jump?.id ?? null, highlighted };
}

export function MessageList({ messages, jumpTarget = null, hasMore, loading, onLoadOlder }: Props) {
  const sends = useMessagesStore((s) => s.sends);
  const items = useMemo(() => toItems(messages), [messages]);
  const virtuoso = useRef<VirtuosoHandle>(null);
  // Tracks where the previous first message sits, to move firstItemIndex by what was prepended.
  const anchor = useRef<{ id: string | null; index: number; first: number }>({
    id: null,
    index: 0,
    first: START_INDEX,
  });
  const firstItemIndex = useMemo(() => {
    const previous = anchor.current;
    const firstMessage = items.find((i) => i.kind === 'message');
    let first = previous.first;
    if (previous.id !== null) {
      const now = items.findIndex((i) => i.key === previous.id);
      if (now >= 0) first = previous.first - (now - previous.index);
    }
    const id = firstMessage?.key ?? null;
    anchor.current = { id, index: id ? items.findIndex((i) => i.key === id) : 0, first };
    return first;
  }, [items]);

  const targetIndex = jumpTarget ? items.findIndex((i) => i.key === jumpTarget.messageId) : -1;
  const { jumpedId, highlighted } = useScrollToJumpTarget(virtuoso, jumpTarget, targetIndex);

  if (messages.length === 0) {
    return (
      <div className="flex min-h-0 flex-1 items-center justify-center p-6 text-center text-sm text-slate-500">
        {loading ? <Spinner /> : 'No messages yet. Say hello!'}
      </div>
    );
  }

  return (
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
      followOutput={(atBottom) => (atBottom ? 'smooth' : false)}
      components={{
        Header: () =>
          hasMore ? (
            <div className="flex justify-center py-3 text-slate-400">
              {loading ? <Spinner className="h-4 w-4" /> : null}
            </div>
          ) : (
            <p className="py-4 text-center text-xs text-slate-400">
              This is the beginning of the conversation.
            </p>
          ),
      }}
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
  );
}
