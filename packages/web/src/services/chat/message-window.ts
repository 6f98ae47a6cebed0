/**
 * The sliding window of one conversation's top-level messages (docs/decisions/0007-message-window-paging.md).
 * R-CACHE-2 lets a conversation hold 200 messages; a resident who reads further back than that sees a
 * window of the history, not its newest end. The window is always one unbroken run of the
 * server's history: pages extend it at either end, trimming cuts the end far from where the
 * resident reads, and live messages beyond its newest end wait until the window reaches them.
 */
import type { Message } from '@stoop/shared';
import { MESSAGE_PAGE_SIZE } from '@stoop/shared/constants';
import { compareMessages, isLocalMessage, mergeMessages, replacesLocalEcho } from './message-list.ts';

/**
 * How a page came: the newest page ('initial'), one older than the window ('older'), one newer
 * ('newer'), or the neighbourhood of one message ('around', a jump).
 */
export type PageMode = 'initial' | 'older' | 'newer' | 'around';

/** The end of the window the resident last moved towards; trimming keeps it. */
type ReadingEnd = 'newest' | 'oldest';

export interface ConversationCache {
  /** Sorted by createdAt ascending, ties by id; tombstones never kept. */
  messages: Message[];
  /** The server has older messages than the oldest one here. */
  hasMore: boolean;
  /** The server has newer messages than the newest one here: the window is back in history. */
  hasNewer: boolean;
  readingEnd: ReadingEnd;
  /**
   * Live messages that arrived while the window was back in history, newest kept. Not shown (they
   * would leave a gap); a page that reaches the newest end takes the ones newer than itself, so a
   * message sent between that page's read and its answer is not lost.
   */
  heldBack: Message[];
  /** Bumped whenever a page replaces the window instead of extending it (the list re-positions). */
  generation: number;
  /** Logical clock of the last read or write, for least-recently-used eviction. */
  touchedAt: number;
}

export interface WindowPage {
  messages: readonly Message[];
  hasMore: boolean;
  /** Absent from older servers' answers: then the page is taken to reach the newest end. */
  hasNewer?: boolean;
}

export const newConversationCache = (
  touchedAt: number,
  fields: Partial<ConversationCache> = {},
): ConversationCache => ({
  messages: [],
  hasMore: false,
  hasNewer: false,
  readingEnd: 'newest',
  heldBack: [],
  generation: 0,
  touchedAt,
  ...fields,
});

/** The newest and oldest messages the server knows, the cursors of the next pages. */
export const oldestServerMessage = (cache: ConversationCache | undefined) =>
  cache?.messages.find((m) => !isLocalMessage(m));
export const newestServerMessage = (cache: ConversationCache | undefined) =>
  cache?.messages.findLast((m) => !isLocalMessage(m));

/**
 * Keeps at most `limit` messages at the end the resident reads. Cutting the oldest means the
 * server has older ones (hasMore); cutting the newest means it has newer ones (hasNewer). Local
 * echoes (sends not yet answered) are never cut: they sit after every server message.
 */
export function trimConversation(cache: ConversationCache, limit: number): ConversationCache {
  if (cache.messages.length <= limit) return cache;
  if (cache.readingEnd === 'newest') {
    return { ...cache, messages: cache.messages.slice(cache.messages.length - limit), hasMore: true };
  }
  const local = cache.messages.filter(isLocalMessage);
  const server = cache.messages.filter((m) => !isLocalMessage(m));
  const kept = server.slice(0, Math.max(0, limit - local.length));
  if (kept.length === server.length) return cache;
  return { ...cache, messages: [...kept, ...local].sort(compareMessages), hasNewer: true };
}

/**
 * Live messages (socket events, sync changes, sends) into the window. At the newest end they merge
 * as always. Back in history only what the window holds changes (edits, likes, tombstones, the
 * server copy of a local echo); new messages are held back rather than put after a gap.
 */
export function applyLiveMessages(cache: ConversationCache, incoming: readonly Message[]): ConversationCache {
  if (!cache.hasNewer) return { ...cache, messages: mergeMessages(cache.messages, incoming) };
  const held = new Set(cache.messages.map((m) => m.id));
  const belongs = (m: Message) =>
    isLocalMessage(m) || held.has(m.id) || cache.messages.some((c) => replacesLocalEcho(c, m));
  const outside = incoming.filter((m) => !belongs(m));
  return {
    ...cache,
    messages: mergeMessages(cache.messages, incoming.filter(belongs)),
    heldBack: newestOf(mergeMessages(cache.heldBack, outside), MESSAGE_PAGE_SIZE),
  };
}

const newestOf = (messages: Message[], count: number) =>
  messages.length <= count ? messages : messages.slice(messages.length - count);

/**
 * One fetched page into the window:
 * - 'initial' (the newest page) replaces the window, keeping local echoes and anything newer a
 *   socket already delivered;
 * - 'older' and 'newer' extend it at that end; the resident reads there now;
 * - 'around' replaces it with the jump target's neighbourhood (only local echoes stay).
 * A page that reaches the newest end takes the held-back live messages newer than itself.
 */
export function windowWithPage(
  cache: ConversationCache | undefined,
  page: WindowPage,
  mode: PageMode,
  touchedAt: number,
): ConversationCache {
  const current = cache ?? newConversationCache(touchedAt);
  const extendsWindow = mode === 'older' || mode === 'newer';
  const base = extendsWindow
    ? current.messages
    : current.messages.filter((m) => keptOnReplace(m, page.messages, mode));
  // An older page says nothing about the newest end: the window's own flag stands.
  const hasNewer = mode === 'older' ? current.hasNewer : page.hasNewer === true;
  let messages = mergeMessages(base, page.messages);
  let heldBack = current.heldBack;
  if (!hasNewer) {
    messages = mergeMessages(
      messages,
      heldBack.filter((m) => newerThanAll(m, messages)),
    );
    heldBack = [];
  }
  return {
    messages,
    // A newer page says nothing about the oldest end.
    hasMore: mode === 'newer' ? current.hasMore : page.hasMore,
    hasNewer,
    readingEnd: mode === 'older' ? 'oldest' : 'newest',
    heldBack,
    generation: extendsWindow ? current.generation : current.generation + 1,
    touchedAt,
  };
}

/** What survives a page that replaces the window: local echoes, and for the newest page what is newer. */
const keptOnReplace = (message: Message, page: readonly Message[], mode: PageMode) =>
  isLocalMessage(message) || (mode === 'initial' && newerThanAll(message, page));

const newerThanAll = (message: Message, page: readonly Message[]) =>
  page.every((m) => compareMessages(m, message) < 0);
