/** Which message Up arrow in an empty composer edits (R-MSG-19). */
import type { Message } from '@stoop/shared';

/**
 * The newest message of `authorId` in this composer's stream (the conversation's own messages, or
 * one thread's replies) that the server says this reader may edit (`abilities.edit`:
 * that already leaves out deleted messages and a data source's), and that is text: a poll or event
 * card is changed on the card, and a message still on its way has no server copy yet. A copy stored
 * before abilities existed has none and is not offered, as its row offers no Edit either.
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
    if (!message.abilities?.edit || message.pollId || message.eventId || isUnsent(message)) continue;
    return message;
  }
  return null;
}
