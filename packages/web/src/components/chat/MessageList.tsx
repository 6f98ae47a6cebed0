/**
 * The message list over the conversation's sliding window (services/chat/message-window.ts): every
 * row rendered in a plain scroll container, since the window holds at most 200 messages (R-MSG-11).
 * Older pages are put in at the top (near the top, while hasMore), newer ones at the bottom (near
 * the bottom, while hasNewer), and the rows on screen stay where they are meanwhile, also when the
 * far end is trimmed (R-MSG-17, use-chat-scroll.ts). Day labels (R-MSG-10) separate the days; the
 * list reads downwards, so the days run oldest to newest here. A jump target (a search result) is
 * scrolled to once it is loaded and highlighted for a moment; when the window is back in history,
 * "Jump to newest" reloads the newest page. Returning to a conversation with unread messages draws
 * a "New messages" line above the first of them and opens there; a reader scrolled up
 * while messages arrive gets a "N new messages" pill that goes to the newest. One author's
 * messages a few minutes apart share one name and avatar. The list is one tab stop
 * with arrow keys inside it (use-list-keyboard.ts). The resident's own newest message
 * says who has read it (ReadReceipt.tsx), and what arrives at the bottom in front of the
 * resident is read (use-read-while-open.ts).
 */
import { ArrowDown } from 'lucide-react';
import { Fragment, startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import type { Message } from '@stoop/shared';
import { useAuthStore } from '../../stores/auth.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import { useOutboxStore } from '../../stores/outbox.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { BeforeCommit } from './BeforeCommit.tsx';
import { MessageRow } from './MessageRow.tsx';
import { firstUnreadId, toItems } from './message-items.ts';
import { NewMessagesPill, UnreadLine, useNewSinceLeftBottom } from './NewMessages.tsx';
import { ReadReceipt, useOwnReceipt } from './ReadReceipt.tsx';
import { useChatScroll } from './use-chat-scroll.ts';
import { useListKeyboard } from './use-list-keyboard.ts';
import { useReadWhileOpen } from './use-read-while-open.ts';
import type { JumpTarget } from './use-message-jump.ts';

/** How long a jumped-to message stays highlighted: long enough to find it on the screen. */
export const JUMP_HIGHLIGHT_MS = 2500;

/**
 * Rows (and day labels) the list mounts with: a phone screen's worth at the newest end. The rest
 * follow in a transition, which React renders in slices, so opening a conversation of a full page
 * of messages is not one long task; they go in above, off screen, while the view
 * stays at the bottom.
 */
export const FIRST_ROWS = 12;

/** Whether every row is mounted yet: false on mount, true once the transition that adds the rest has run. */
function useAllRows(): boolean {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (!all) startTransition(() => setAll(true));
  }, [all]);
  return all;
}

/**
 * The first message that was unread when the conversation was opened, fixed for as long as the
 * list stays mounted (reading it does not move the line away). Guessed at once from the count and
 * the window kept from an earlier visit, so the list opens there without a jump; the visit's newest
 * page then says where the server's read position puts it, and that answer wins once: the kept
 * window or the count can trail the server (live events still on their way, a reconnect).
 */
function useUnreadFrom(messages: readonly Message[], loading: boolean): string | null {
  const meId = useAuthStore((s) => s.user?.id ?? null);
  const conversationId = messages[0]?.conversationId;
  const opened = useConversationsStore((s) =>
    s.unreadOnOpen?.conversationId === conversationId ? s.unreadOnOpen : null,
  );
  const [from, setFrom] = useState<string | null | undefined>(undefined);
  const [corrected, setCorrected] = useState(false);
  const serverFrom = opened?.firstUnreadId;
  if (!corrected && serverFrom && serverFrom !== from && messages.some((m) => m.id === serverFrom)) {
    setCorrected(true);
    setFrom(serverFrom);
  } else if (from === undefined && !loading) setFrom(firstUnreadId(messages, opened?.count ?? 0, meId));
  return from ?? null;
}

/** Above the first row: a spinner while an older page loads, or the start of the conversation. */
function ListHeader({ hasMore, loading }: { hasMore: boolean; loading: boolean }) {
  return hasMore ? (
    <div className="flex justify-center py-3 text-slate-400">
      {loading ? <Spinner className="h-4 w-4" /> : null}
    </div>
  ) : (
    <p className="py-4 text-center text-xs text-slate-500">This is the beginning of the conversation.</p>
  );
}

/** Below the last row while the window is back in history: a spinner while a newer page loads. */
function ListFooter({ loading }: { loading: boolean }) {
  return (
    <div className="flex justify-center py-3 text-slate-400">
      {loading ? <Spinner className="h-4 w-4" /> : null}
    </div>
  );
}

/** R-MSG-10: the label between two days. */
function DaySeparator({ label }: { label: string }) {
  return (
    <div className="flex items-center gap-3 px-4 py-2" role="separator" aria-label={label}>
      <span className="h-px flex-1 bg-slate-200" />
      <span className="text-xs font-semibold text-slate-500">{label}</span>
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}

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
 * Which jump target still has to be scrolled to (once per request, when it is in the list), which
 * message was jumped to (it takes focus) and whether it is still highlighted.
 */
function useJumpHighlight(jumpTarget: JumpTarget | null, targetInList: boolean) {
  const [jump, setJump] = useState<JumpTarget | null>(null);
  const [highlighted, setHighlighted] = useState(false);

  useEffect(() => {
    if (!jump) return;
    const timer = setTimeout(() => setHighlighted(false), JUMP_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [jump]);

  const pendingId =
    jumpTarget && targetInList && jump?.requestKey !== jumpTarget.requestKey ? jumpTarget.messageId : null;
  const onJumped = useCallback(() => {
    if (!jumpTarget) return;
    setJump(jumpTarget);
    setHighlighted(true);
  }, [jumpTarget]);
  return { pendingId, onJumped, jumpedId: jump?.messageId ?? null, highlighted };
}

export function MessageList({ messages, loading, ...rest }: Props) {
  if (messages.length === 0) {
    return (
      <div className="flex min-h-0 flex-1 items-center justify-center p-6 text-center text-sm text-slate-500">
        {loading ? <Spinner /> : 'No messages yet. Say hello!'}
      </div>
    );
  }
  // Mounted with its first rows, so it opens at the newest end (or the jump target) on mount.
  return <ConversationScroller messages={messages} loading={loading} {...rest} />;
}

function ConversationScroller({
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
  const unreadFrom = useUnreadFrom(messages, loading);
  const allItems = useMemo(() => toItems(messages, unreadFrom), [messages, unreadFrom]);
  const allRows = useAllRows();
  const items = useMemo(() => (allRows ? allItems : allItems.slice(-FIRST_ROWS)), [allItems, allRows]);
  // Until every row is there, the top of the list is not the top of the window: no older page is
  // asked for, and the header does not say the conversation begins here.
  const olderAvailable = allRows ? hasMore : false;
  const targetInList = jumpTarget !== null && items.some((i) => i.key === jumpTarget.messageId);
  const { pendingId, onJumped, jumpedId, highlighted } = useJumpHighlight(jumpTarget, targetInList);
  const scroll = useChatScroll({
    items,
    hasMore: olderAvailable,
    hasNewer,
    loading,
    generation,
    openAtId: unreadFrom,
    pendingJumpId: pendingId,
    onJumped,
    onLoadOlder,
    onLoadNewer,
  });

  const onKeyDown = useListKeyboard(scroll.containerRef);
  const newCount = useNewSinceLeftBottom(messages, scroll.atBottom && !hasNewer);
  useReadWhileOpen(messages, scroll.atBottom && !hasNewer && !loading);
  const receipt = useOwnReceipt(messages, !hasNewer);

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <BeforeCommit onBeforeCommit={scroll.captureBeforeCommit} />
      {/* Focusable and named, so keyboard readers can scroll it (arrows, Page Up/Down) and screen
          readers announce it. Not role="log": that is a live region, and every older page put in
          above would be read out. */}
      <div
        ref={scroll.containerRef}
        role="region"
        aria-label="Messages"
        data-message-list
        tabIndex={0}
        onScroll={scroll.onScroll}
        onKeyDown={onKeyDown}
        className="min-h-0 flex-1 overflow-y-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-600"
        style={{ overflowAnchor: 'none' }}
      >
        <div ref={scroll.contentRef}>
          <ListHeader hasMore={hasMore || !allRows} loading={loading && allRows} />
          {items.map((item) =>
            item.kind === 'day' ? (
              <DaySeparator key={item.key} label={item.label} />
            ) : item.kind === 'unread' ? (
              <UnreadLine key={item.key} />
            ) : (
              <Fragment key={item.key}>
                <MessageRow
                  message={item.message}
                  send={item.message.clientMessageId ? sends[item.message.clientMessageId] : undefined}
                  highlighted={highlighted && item.key === jumpedId}
                  grouped={item.grouped}
                />
                {receipt?.messageId === item.message.id ? <ReadReceipt receipt={receipt} /> : null}
              </Fragment>
            ),
          )}
          {hasNewer ? <ListFooter loading={loading} /> : null}
        </div>
      </div>
      {hasNewer ? (
        <button
          type="button"
          className="absolute bottom-3 right-4 flex items-center gap-1.5 rounded-full bg-brand-700 px-3 py-1.5 text-xs font-semibold text-white shadow-md hover:bg-brand-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
          onClick={onJumpToNewest}
        >
          <ArrowDown className="h-3.5 w-3.5" aria-hidden="true" /> Jump to newest
        </button>
      ) : newCount > 0 ? (
        <NewMessagesPill count={newCount} onClick={scroll.toNewest} />
      ) : null}
    </div>
  );
}
