/**
 * Opening a message that is not loaded yet (a search result's jump link): the conversation's
 * window is replaced by the neighbourhood of that message, read in one call (`around`), however
 * far back it is. The window then slides from there like any other (message-window.ts).
 */
import { isApiError } from '../services/http/client.ts';
import { useMessagesStore } from './messages.ts';

export type JumpOutcome =
  /** The message is in the conversation's loaded window. */
  | 'found'
  /** The server does not have it in this conversation (404), or only as a tombstone: deleted. */
  | 'gone'
  /**
   * The caller stopped waiting (the resident left the conversation), or a window load asked for
   * after the jump ("Jump to newest") took the window instead.
   */
  | 'cancelled';

export interface JumpOptions {
  signal?: AbortSignal;
}

const cacheOf = (conversationId: string) => useMessagesStore.getState().cache.conversations[conversationId];
const isLoading = (conversationId: string) => useMessagesStore.getState().loading[conversationId] === true;
const isLoaded = (conversationId: string, messageId: string) =>
  cacheOf(conversationId)?.messages.some((m) => m.id === messageId) === true;

/** Resolves once no page request for the conversation is in flight (its first load, a scroll). */
function whenIdle(conversationId: string): Promise<void> {
  if (!isLoading(conversationId)) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = useMessagesStore.subscribe(() => {
      if (isLoading(conversationId)) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Makes `messageId` part of `conversationId`'s loaded window: nothing to do when it already is,
 * else one `around` page. A failed request other than a 404 rejects; everything else resolves
 * with the outcome.
 */
export async function openMessageWindow(
  conversationId: string,
  messageId: string,
  { signal }: JumpOptions = {},
): Promise<JumpOutcome> {
  // A page already on its way (the screen's own first load) is waited for, never raced.
  await whenIdle(conversationId);
  if (signal?.aborted) return 'cancelled';
  if (isLoaded(conversationId, messageId)) return 'found';
  try {
    // Asked for after any page already on its way, the around page is the one the window keeps.
    const page = await useMessagesStore.getState().loadAround(conversationId, messageId);
    if (page === null) return 'cancelled';
  } catch (error) {
    if (signal?.aborted) return 'cancelled';
    if (isApiError(error) && error.status === 404) return 'gone';
    throw error;
  }
  if (signal?.aborted) return 'cancelled';
  return isLoaded(conversationId, messageId) ? 'found' : 'gone';
}
