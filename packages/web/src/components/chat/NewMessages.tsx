/**
 * The "New messages" line above the first unread message, and the pill that tells a
 * reader scrolled up how many messages came in below and takes them to the newest.
 */
import { ArrowDown } from 'lucide-react';
import { useState } from 'react';
import type { Message } from '@stoop/shared';
import { useAuthStore } from '../../stores/auth.ts';

export function UnreadLine() {
  return (
    <div
      className="flex items-center gap-3 px-4 py-1"
      role="separator"
      aria-label="New messages"
      data-testid="unread-line"
    >
      <span className="h-px flex-1 bg-rose-300" />
      <span className="text-xs font-semibold text-rose-600">New messages</span>
      <span className="h-px flex-1 bg-rose-300" />
    </div>
  );
}

/**
 * How many messages of others came in at the newest end since the reader left the bottom (0 while
 * they are there). The newest message seen at the bottom is the mark; what came after it counts.
 */
export function useNewSinceLeftBottom(messages: readonly Message[], atBottom: boolean): number {
  const meId = useAuthStore((s) => s.user?.id ?? null);
  const newest = messages.at(-1);
  const [seenAt, setSeenAt] = useState(newest?.createdAt ?? '');
  // Adjusted while rendering (not in an effect): the count is right in the same commit.
  if (atBottom && newest && newest.createdAt !== seenAt) setSeenAt(newest.createdAt);
  if (atBottom) return 0;
  let count = 0;
  for (let i = messages.length - 1; i >= 0 && messages[i]!.createdAt > seenAt; i -= 1)
    if (messages[i]!.userId !== meId) count += 1;
  return count;
}

export function NewMessagesPill({ count, onClick }: { count: number; onClick: () => void }) {
  return (
    <button
      type="button"
      className="absolute bottom-3 left-1/2 flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-brand-700 px-3 py-1.5 text-xs font-semibold text-white shadow-md hover:bg-brand-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
      onClick={onClick}
    >
      {count} new {count === 1 ? 'message' : 'messages'}
      <ArrowDown className="h-3.5 w-3.5" aria-hidden="true" />
    </button>
  );
}
