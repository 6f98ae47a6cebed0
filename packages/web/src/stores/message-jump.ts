/**
 * Opening a message that is not loaded yet (a search result's jump link): the conversation's
 * older pages are fetched through the store's own loadOlder, one after the other, until the
 * message is there. Bounded, so a deleted or very old message costs a known number of requests.
 */
import { isLocalMessage } from '../services/message-cache.ts';
import { useMessagesStore } from './messages.ts';

/** 25 pages of 20: the last 500 messages of a conversation. */
export const JUMP_MAX_PAGES = 25;

export type JumpOutcome =
  /** The message is in the conversation's loaded list. */
  | 'found'
  /** The conversation's first message was reached without it: deleted, or not in this list. */
  | 'gone'
  /** Still not there after the page budget, or the cache cannot hold anything older (SPEC 9). */
  | 'too-far'
  /** The caller stopped waiting (the resident left the conversation). */
  | 'cancelled';

export interface JumpOptions {
  maxPages?: number;
  signal?: AbortSignal;
}

const cacheOf = (conversationId: string) => useMessagesStore.getState().cache.conversations[conversationId];
const isLoading = (conversationId: string) => useMessagesStore.getState().loading[conversationId] === true;
const oldestServerId = (conversationId: string) =>
  cacheOf(conversationId)?.messages.find((m) => !isLocalMessage(m))?.id ?? null;

/** Resolves once no page request for the conversation is in flight (its first load, a scroll-up). */
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
 * Loads older pages of `conversationId` until `messageId` is among its loaded messages. A failed
 * page request rejects; everything else resolves with why the loop ended.
 */
export async function loadUntilMessage(
  conversationId: string,
  messageId: string,
  { maxPages = JUMP_MAX_PAGES, signal }: JumpOptions = {},
): Promise<JumpOutcome> {
  const store = useMessagesStore.getState();
  let fetched = 0;
  for (;;) {
    // A page already on its way (the screen's own first load) is waited for, never doubled.
    await whenIdle(conversationId);
    if (signal?.aborted) return 'cancelled';
    if (isLoading(conversationId)) continue;
    const cache = cacheOf(conversationId);
    if (cache?.messages.some((m) => m.id === messageId)) return 'found';
    if (cache && !cache.hasMore) return 'gone';
    if (fetched >= maxPages) return 'too-far';
    const oldestBefore = oldestServerId(conversationId);
    await (cache ? store.loadOlder(conversationId) : store.loadMessages(conversationId));
    fetched += 1;
    // SPEC 9 keeps the newest 200 messages of a conversation: once full, an older page is trimmed
    // away as it lands and the oldest message stays put. Asking again would fetch the same page.
    const after = cacheOf(conversationId);
    if (cache && after?.hasMore && oldestServerId(conversationId) === oldestBefore) return 'too-far';
  }
}
