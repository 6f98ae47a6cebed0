/**
 * Under the resident's own newest message, who has read it. A direct conversation
 * says "Seen" with a double tick once the other has read it; a group or channel "Seen by N", naming
 * them on hover (the title) and on a tap, which lists the names under it. Nothing while nobody has,
 * nor where receipts are off or the conversation is too large for them.
 */
import { CheckCheck } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { READ_RECEIPTS_PARTICIPANTS_MAX, type Message } from '@stoop/shared';
import { useAuthStore } from '../../stores/auth.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import { useReadReceiptsStore } from '../../stores/read-receipts.ts';
import { useUsersStore } from '../../stores/users.ts';

export interface Receipt {
  messageId: string;
  direct: boolean;
  readerIds: readonly string[];
}

/**
 * The receipt of the resident's newest message in `messages` (oldest first), once someone has
 * read it; null otherwise, and while that message is not sent yet. Loads the conversation's read
 * positions when it opens, where the resident is a participant of a conversation small enough.
 */
export function useOwnReceipt(messages: readonly Message[], atNewestEnd: boolean): Receipt | null {
  const meId = useAuthStore((s) => s.user?.id ?? null);
  const conversationId = messages[0]?.conversationId ?? '';
  const conversation = useConversationsStore((s) => s.conversations.find((c) => c.id === conversationId));
  const takesPart =
    meId !== null &&
    conversation !== undefined &&
    conversation.participants.includes(meId) &&
    conversation.participants.length <= READ_RECEIPTS_PARTICIPANTS_MAX;
  useEffect(() => {
    if (takesPart) void useReadReceiptsStore.getState().load(conversationId);
  }, [takesPart, conversationId]);
  const reads = useReadReceiptsStore((s) => s.byConversation[conversationId]);

  return useMemo(() => {
    if (!reads?.enabled || !atNewestEnd || meId === null) return null;
    let own: Message | undefined;
    for (let i = messages.length - 1; i >= 0 && !own; i -= 1) {
      const message = messages[i]!;
      if (message.userId === meId && message.deletedAt === null && message.parentMessageId === null)
        own = message;
    }
    // Not sent yet (no place in the order of creation): nobody can have read it.
    if (own?.createdSeq === undefined) return null;
    const seq = own.createdSeq;
    const readerIds = Object.entries(reads.positions)
      .filter(([, position]) => position >= seq)
      .map(([userId]) => userId);
    if (readerIds.length === 0) return null;
    return { messageId: own.id, direct: conversation?.type === 'direct', readerIds };
  }, [reads, atNewestEnd, meId, messages, conversation?.type]);
}

export function ReadReceipt({ receipt }: { receipt: Receipt }) {
  const users = useUsersStore((s) => s.byId);
  const [showNames, setShowNames] = useState(false);
  if (receipt.direct) {
    return (
      <p
        className="flex items-center justify-end gap-1 px-4 pb-1 text-xs text-slate-500"
        data-testid="read-receipt"
        data-read-receipt
      >
        <CheckCheck className="h-3.5 w-3.5 text-sky-600" aria-hidden="true" />
        Seen
      </p>
    );
  }
  const names = receipt.readerIds.map((id) => users[id]?.username ?? 'Someone').join(', ');
  const label = `Seen by ${receipt.readerIds.length}`;
  return (
    <div
      className="flex flex-col items-end px-4 pb-1 text-xs text-slate-500"
      data-testid="read-receipt"
      data-read-receipt
    >
      {/* Out of the tab order, as every control in the list is; the names are in its
          accessible name, so a screen reader hears them without pressing it. */}
      <button
        type="button"
        tabIndex={-1}
        className="flex items-center gap-1 rounded hover:text-slate-700"
        title={names}
        aria-label={`${label}: ${names}`}
        aria-expanded={showNames}
        onClick={() => setShowNames(!showNames)}
      >
        <CheckCheck className="h-3.5 w-3.5 text-sky-600" aria-hidden="true" />
        {label}
      </button>
      {showNames ? <p className="max-w-xs text-right text-slate-600">{names}</p> : null}
    </div>
  );
}
