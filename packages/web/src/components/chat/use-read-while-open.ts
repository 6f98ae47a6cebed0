/**
 * R-RECEIPT-6: an open conversation reads what is in front of the resident. While the window is
 * visible and the list shows its newest end, scrolled to the bottom, its newest message is
 * reported read: as it arrives live, as the resident scrolls back down to it, and as they come
 * back to the window. Scrolled up into history, or with the window hidden, nothing is.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { Message } from '@stoop/shared';
import { reportSeen } from '../../services/chat/read-reports.ts';

function subscribeToVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

const windowVisible = () => document.visibilityState === 'visible';

/** The newest message of the conversation that has its place in the order of creation (sent). */
function newestSent(messages: readonly Message[]): Message | undefined {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i]!;
    if (message.parentMessageId === null && message.createdSeq !== undefined) return message;
  }
  return undefined;
}

/** `atNewest`: the list is at the newest end of the conversation and scrolled to its bottom. */
export function useReadWhileOpen(messages: readonly Message[], atNewest: boolean): void {
  const visible = useSyncExternalStore(subscribeToVisibility, windowVisible);
  const newest = newestSent(messages);
  const conversationId = newest?.conversationId;
  const position = newest?.createdSeq;
  useEffect(() => {
    if (!atNewest || !visible || conversationId === undefined || position === undefined) return;
    reportSeen(conversationId, position);
  }, [atNewest, visible, conversationId, position]);
}
