/**
 * Unread totals across the conversation list (R-NOTIF-5): the browser tab's title carries the
 * whole count, and direct messages also raise the bell's badge. Muted conversations count nothing.
 */
import type { Conversation } from '@stoop/shared';

export interface UnreadTotals {
  /** Unread messages in every conversation that is not muted. */
  all: number;
  /** The part of `all` in direct conversations. */
  direct: number;
}

export function unreadTotals(
  conversations: readonly Pick<Conversation, 'id' | 'type' | 'unreadCount'>[],
  muted: ReadonlySet<string>,
): UnreadTotals {
  let all = 0;
  let direct = 0;
  for (const conversation of conversations) {
    if (muted.has(conversation.id)) continue;
    all += conversation.unreadCount;
    if (conversation.type === 'direct') direct += conversation.unreadCount;
  }
  return { all, direct };
}

/** The tab's title: "(3) Stoop" while something is unread, else the plain name. */
export function titleWithUnread(base: string, unread: number): string {
  return unread > 0 ? `(${unread > 99 ? '99+' : unread}) ${base}` : base;
}
