/**
 * The order and merge rules of a message list (R-MSG-1, R-MSG-2), shared by the cache (message-cache.ts) and
 * its sliding window (message-window.ts).
 */
import type { Message } from '@stoop/shared';

/** Ids the optimistic sender gives its local echo, derived from the clientMessageId. */
export const localMessageId = (clientMessageId: string) => `local-${clientMessageId}`;
export const isLocalMessage = (message: Pick<Message, 'id'>) => message.id.startsWith('local-');

/** R-MSG-1, R-MSG-2: ascending createdAt; equal timestamps fall back to id so the order is stable. */
export function compareMessages(a: Message, b: Message): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  if (a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
}

/** A server copy replaces the local echo with the same clientMessageId (optimistic send). */
export const replacesLocalEcho = (existing: Message, incoming: Message) =>
  incoming.clientMessageId !== null &&
  existing.id !== incoming.id &&
  isLocalMessage(existing) &&
  existing.clientMessageId === incoming.clientMessageId;

/**
 * R-MSG-1, R-MSG-2: merge by id (update if present, otherwise add), then sort by createdAt ascending.
 * Tombstones (deletedAt set) are removed from the view; an older copy (lower seq) never
 * overwrites a newer one, so a late HTTP answer cannot undo a socket update.
 */
export function mergeMessages(existing: readonly Message[], incoming: readonly Message[]): Message[] {
  const byId = new Map<string, Message>();
  for (const message of existing) byId.set(message.id, message);
  for (const message of incoming) {
    for (const [id, current] of byId) {
      if (replacesLocalEcho(current, message)) byId.delete(id);
    }
    const current = byId.get(message.id);
    if (current && !isLocalMessage(current) && current.seq > message.seq) continue;
    byId.set(message.id, message);
  }
  return [...byId.values()].filter((m) => m.deletedAt === null).sort(compareMessages);
}
