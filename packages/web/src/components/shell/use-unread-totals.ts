/** The unread totals of the conversation list, live. */
import { useConversationsStore } from '../../stores/conversations.ts';
import { useMutesStore } from '../../stores/mutes.ts';
import { unreadTotals, type UnreadTotals } from '../../services/chat/unread.ts';

export function useUnreadTotals(): UnreadTotals {
  const muted = useMutesStore((s) => s.muted);
  // Two numbers, so a change elsewhere in the list re-renders nothing.
  const all = useConversationsStore((s) => unreadTotals(s.conversations, muted).all);
  const direct = useConversationsStore((s) => unreadTotals(s.conversations, muted).direct);
  return { all, direct };
}
