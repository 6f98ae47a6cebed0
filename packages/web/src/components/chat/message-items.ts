/**
 * What the message list draws, top to bottom: day labels, the "New messages" line above
 * the first unread message, and the messages, each marked whether it continues the
 * group of the message above it.
 */
import type { Message } from '@stoop/shared';
import { MESSAGE_GROUP_GAP_MS } from '@stoop/shared/constants';
import { groupByDate } from '../../services/chat/date-groups.ts';

export type ListItem =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'unread'; key: string }
  | { kind: 'message'; key: string; message: Message; grouped: boolean };

/** The key of the "New messages" line: the list opens on it. */
const UNREAD_LINE_KEY = 'unread-line';

/** Who a row shows as: a data source's messages group by the source's name, not its admin. */
const shownAs = (message: Message) =>
  message.metadata.bot ? `bot:${message.metadata.bot.name}` : `user:${message.userId}`;

/**
 * A message continues the group above it when the same author (or data source) wrote
 * it within MESSAGE_GROUP_GAP_MS, and neither is deleted: a tombstone reads as its own line.
 */
function continuesGroup(previous: Message | undefined, message: Message): boolean {
  if (!previous || previous.deletedAt || message.deletedAt) return false;
  if (shownAs(previous) !== shownAs(message)) return false;
  const gap = Date.parse(message.createdAt) - Date.parse(previous.createdAt);
  return gap >= 0 && gap <= MESSAGE_GROUP_GAP_MS;
}

/**
 * The first unread message of `messages` (oldest first) when `unreadCount` were unread on opening:
 * counted from the newest end over others' messages, since one's own never count as unread.
 * Null when none were unread, or when the first unread one is older than the loaded window.
 */
export function firstUnreadId(
  messages: readonly Message[],
  unreadCount: number,
  meId: string | null,
): string | null {
  if (unreadCount <= 0) return null;
  let left = unreadCount;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i]!;
    if (message.userId === meId) continue;
    left -= 1;
    if (left === 0) return message.id;
  }
  // More unread than the window holds: the line goes above the oldest loaded message of others.
  return messages.find((m) => m.userId !== meId)?.id ?? null;
}

export function toItems(
  messages: readonly Message[],
  unreadFromId: string | null,
  now = new Date(),
): ListItem[] {
  const groups = groupByDate(messages, (m) => m.createdAt, now).reverse();
  const items: ListItem[] = [];
  for (const group of groups) {
    items.push({ kind: 'day', key: `day-${group.key}`, label: group.label });
    let previous: Message | undefined;
    for (const message of group.items) {
      const unreadLine = message.id === unreadFromId;
      if (unreadLine) items.push({ kind: 'unread', key: UNREAD_LINE_KEY });
      const grouped = !unreadLine && continuesGroup(previous, message);
      items.push({ kind: 'message', key: message.id, message, grouped });
      previous = message;
    }
  }
  return items;
}
