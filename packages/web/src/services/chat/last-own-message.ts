/** Which message Up arrow in an empty composer edits (R-MSG-19). */
import type { Message } from '@stoop/shared';

/**
 * The newest message of `authorId` in this composer's stream (the conversation's own messages, or
 * one thread's replies) that can still be edited: sent, not deleted, not a poll or event card.
 */
export function lastOwnEditable(
  messages: readonly Message[],
  authorId: string,
  parentMessageId: string | null,
  isUnsent: (message: Message) => boolean,
): Message | null {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i]!;
    if (message.userId !== authorId || (message.parentMessageId ?? null) !== parentMessageId) continue;
    if (message.deletedAt || message.pollId || message.eventId || message.metadata.bot) continue;
    if (isUnsent(message)) continue;
    return message;
  }
  return null;
}
