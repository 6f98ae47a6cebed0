/**
 * Virtuoso's firstItemIndex for a list whose window slides (services/chat/message-window.ts). An item
 * keeps its index across renders as long as it stays in the list, so Virtuoso keeps the rows on
 * screen where they are: a page prepended on top lowers the first index by its length, rows
 * trimmed off the top raise it by theirs (Virtuoso then scrolls up by their height).
 */

/** A large start index so prepending never goes below zero. */
export const START_INDEX = 1_000_000;

export interface IndexedKeys {
  /**
   * The items' keys in order; null for an item that cannot anchor: a day label stays at the top of
   * its day while a page of the same day is prepended above its messages.
   */
  keys: readonly (string | null)[];
  firstItemIndex: number;
}

/**
 * The first index of `nextKeys`, given the previous list and its first index: the first previous
 * item still present anchors the two. With nothing in common the window was replaced (a jump,
 * "Jump to newest"); the index stays and the list positions itself anew.
 */
export function nextFirstItemIndex(previous: IndexedKeys, nextKeys: readonly (string | null)[]): number {
  const nextIndexOf = new Map(nextKeys.map((key, index) => [key, index]));
  for (const [oldIndex, key] of previous.keys.entries()) {
    if (key === null) continue;
    const newIndex = nextIndexOf.get(key);
    if (newIndex !== undefined) return previous.firstItemIndex + oldIndex - newIndex;
  }
  return previous.firstItemIndex;
}
