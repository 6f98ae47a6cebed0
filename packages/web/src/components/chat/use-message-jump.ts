/**
 * The jump link of a search result (`…/conversations/channel/{id}#message-{messageId}`): loads
 * the window around that message (stores/message-jump.ts) and says when it is there, so the list
 * can scroll to it. The hash stays the link format, so the hash scroll rule (routes/scroll.ts) and the
 * guard see the same URLs as before.
 */
import { useEffect, useState } from 'react';
import { isApiError } from '../../services/api-error.ts';
import { toast } from '../../services/ui/toast.ts';
import { openMessageWindow, type JumpOutcome } from '../../stores/message-jump.ts';

/** A message to scroll to; `requestKey` tells a second click on the same link from the first. */
export interface JumpTarget {
  messageId: string;
  requestKey: string;
}

export type JumpState =
  { status: 'idle' | 'searching' | 'missing' } | { status: 'found'; target: JumpTarget };

export const MESSAGE_UNAVAILABLE = 'Message is no longer available';

const missingReason: Record<Exclude<JumpOutcome, 'found' | 'cancelled'>, string> = {
  gone: 'It may have been deleted.',
};

export function useMessageJump(
  conversationId: string,
  messageId: string | null,
  requestKey: string,
): JumpState {
  const [state, setState] = useState<JumpState>({ status: 'idle' });

  useEffect(() => {
    if (!messageId) {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'searching' });
    openMessageWindow(conversationId, messageId, { signal: controller.signal })
      .then((outcome) => {
        if (controller.signal.aborted) return;
        // Another window load ("Jump to newest") took over: nothing to scroll to any more.
        if (outcome === 'cancelled') {
          setState({ status: 'idle' });
          return;
        }
        if (outcome === 'found') {
          setState({ status: 'found', target: { messageId, requestKey } });
          return;
        }
        setState({ status: 'missing' });
        toast.error(MESSAGE_UNAVAILABLE, { id: 'message-jump', description: missingReason[outcome] });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'missing' });
        toast.error(isApiError(error) ? error.message : 'Could not load the message.', {
          id: 'message-jump',
        });
      });
    return () => controller.abort();
  }, [conversationId, messageId, requestKey]);

  return state;
}
