import type { Db } from '../db/client.ts';

/** Whether a resident muted a conversation; pushForNotification asks it before queuing a push. */
export interface MuteLookup {
  isMuted(userId: string, conversationId: string): Promise<boolean>;
}

/**
 * Until conversation mutes are stored, nobody has muted anything. The mute table's query replaces
 * this one function; the push rules around it stay.
 */
export function muteLookup(_db: Db): MuteLookup {
  return { isMuted: () => Promise.resolve(false) };
}
