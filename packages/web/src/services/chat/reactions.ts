/**
 * Emoji reactions on the client: the list after one resident's change, for
 * the optimistic update, and the resident's recently used emoji, kept on the device.
 */
import { QUICK_REACTIONS, RECENT_REACTIONS_MAX } from '@stoop/shared/constants';
import type { Reaction } from '@stoop/shared';
import { storage } from '../storage/storage.ts';

/** The reactions with `userId` added to (or taken off) `emoji`, as the server will answer them. */
export function toggledReactions(
  reactions: readonly Reaction[],
  emoji: string,
  userId: string,
  add: boolean,
): Reaction[] {
  const existing = reactions.find((r) => r.emoji === emoji);
  if (add) {
    if (!existing) return [...reactions, { emoji, userIds: [userId] }];
    if (existing.userIds.includes(userId)) return [...reactions];
    return reactions.map((r) => (r === existing ? { emoji, userIds: [...r.userIds, userId] } : r));
  }
  return reactions.flatMap((r) => {
    if (r !== existing) return [r];
    const userIds = r.userIds.filter((id) => id !== userId);
    return userIds.length ? [{ emoji, userIds }] : [];
  });
}

const RECENT_KEY = 'recent_reactions';

/** The resident's recently used emoji, newest first; the quick row's emoji when there are none yet. */
export function recentReactions(): string[] {
  const stored = storage.get<string[]>(RECENT_KEY, []);
  const valid = stored.filter((e) => typeof e === 'string' && e.length > 0 && e.length <= 32);
  return valid.length ? valid.slice(0, RECENT_REACTIONS_MAX) : [...QUICK_REACTIONS];
}

/** Puts `emoji` first in the recently used list. */
export function rememberReaction(emoji: string): void {
  const stored = storage.get<string[]>(RECENT_KEY, []).filter((e) => e !== emoji);
  storage.set(RECENT_KEY, [emoji, ...stored].slice(0, RECENT_REACTIONS_MAX));
}

/** "Ana, Ben and 3 others" for a chip's tooltip. */
export function reactorNames(names: readonly string[], shown = 10): string {
  if (names.length <= 1) return names.join('');
  const head = names.slice(0, Math.min(shown, names.length - 1));
  const rest = names.length - head.length;
  return rest === 1 && head.length === names.length - 1
    ? `${head.join(', ')} and ${names.at(-1) ?? ''}`
    : `${head.join(', ')} and ${rest} others`;
}
