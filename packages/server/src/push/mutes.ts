import type { Db } from '../db/client.ts';
import { mutedAmong } from '../notifications/service.ts';

/** Whether a resident muted a conversation; pushForNotification asks it before queuing a push. */
export interface MuteLookup {
  isMuted(userId: string, conversationId: string): Promise<boolean>;
}

/** R-PUSH-6: the conversation mutes the notifications list honours (PUT /api/conversations/{id}/mute). */
export function muteLookup(db: Db): MuteLookup {
  return {
    async isMuted(userId, conversationId) {
      return (await mutedAmong({ db }, conversationId, [userId])).has(userId);
    },
  };
}
