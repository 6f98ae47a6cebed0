import type { FlaggedItem, Message } from '@stoop/shared';
import type { ConversationRow, UserRow } from '../db/schema/index.ts';
import type { FlagRow } from './repo.ts';
import { presentPublic } from '../users/present.ts';

type QueueItem = {
  message: Message;
  lastFlaggedAt: Date;
  flags: FlagRow[];
  before: Message[];
  after: Message[];
};

/**
 * One queue item as admins see it: users in their public shape (users/present.ts), the
 * author with the lock state too, so the page can tell whether locking is still to be done.
 */
export function presentFlaggedItem(
  item: QueueItem,
  conversation: ConversationRow,
  userOf: Map<string, UserRow>,
): FlaggedItem {
  // Messages go with their author's account (on delete cascade): the author is always there.
  const author = userOf.get(item.message.userId);
  if (!author) throw new Error(`the author of message ${item.message.id} is missing`);
  const contextAuthorIds = new Set([...item.before, ...item.after].map((m) => m.userId));
  return {
    message: item.message,
    conversation: { id: conversation.id, type: conversation.type, name: conversation.name },
    author: { ...presentPublic(author), isLocked: author.isLocked },
    flags: item.flags.flatMap((flag) => {
      const user = userOf.get(flag.userId);
      return user
        ? [
            {
              user: presentPublic(user),
              byAdmin: flag.byAdmin,
              flaggedAt: flag.createdAt.toISOString(),
              reason: flag.reason,
              note: flag.note,
            },
          ]
        : [];
    }),
    lastFlaggedAt: item.lastFlaggedAt.toISOString(),
    before: item.before,
    after: item.after,
    contextAuthors: [...contextAuthorIds].flatMap((id) => {
      const user = userOf.get(id);
      return user ? [presentPublic(user)] : [];
    }),
  };
}
