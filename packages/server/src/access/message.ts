import { validate as isUuid } from 'uuid';
import type { DbOrTx } from '../db/client.ts';
import type { MessageRow, UserRow } from '../db/schema/index.ts';
import { requireConversationAccess, type ConversationAccess } from './conversation.ts';
import type { AccessMode } from './rules.ts';
import { NotFound } from '../errors.ts';
import { findMessage } from '../messages/repo.ts';

export const MESSAGE_NOT_FOUND = 'Message not found';

/**
 * Message access is its conversation's access: a message in a conversation one may not read is
 * a 404 like a message that does not exist.
 */
export async function requireMessageAccess(
  db: DbOrTx,
  user: UserRow,
  messageId: string,
  mode: AccessMode,
): Promise<ConversationAccess & { message: MessageRow }> {
  const message = isUuid(messageId) ? await findMessage(db, messageId) : undefined;
  if (!message) throw new NotFound(MESSAGE_NOT_FOUND);
  const access = await requireConversationAccess(
    db,
    user,
    message.conversationId,
    mode,
    () => new NotFound(MESSAGE_NOT_FOUND),
  );
  return { ...access, message };
}
