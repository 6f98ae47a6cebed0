import { chatApi } from '../services/api/chat-api.ts';
import { toast } from '../services/ui/toast.ts';
import { useMessagesStore } from './messages.ts';

/**
 * The author takes the link's card off their message. The card goes when the server's
 * copy arrives (here, and on every other screen through message:updated).
 */
export async function removeLinkPreview(messageId: string): Promise<void> {
  try {
    const updated = await chatApi.removeLinkPreview(messageId);
    if (updated?.id) useMessagesStore.getState().applyServerMessages([updated]);
  } catch (error) {
    toast.error(error instanceof Error && error.message ? error.message : 'Could not remove the preview.');
  }
}
