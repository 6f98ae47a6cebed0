import { validate as isUuid } from 'uuid';
import type { DbOrTx } from '../db/client.ts';
import type { ConversationRow, UserRow } from '../db/schema/index.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { findConversationFor } from '../conversations/repo.ts';
import { canManage, canRead, canWrite, type AccessMode } from './rules.ts';

export type ConversationAccess = { conversation: ConversationRow; isParticipant: boolean };

export const CONVERSATION_NOT_FOUND = 'Conversation not found';

/**
 * The one access check for a single conversation: every route, socket join, file download and sync
 * goes through it (lists go through readableConversationIds, statements through sql.ts, with the
 * same rule). Anything the user may not read is a 404, so a direct conversation's existence never
 * leaks.
 */
export async function requireConversationAccess(
  db: DbOrTx,
  user: UserRow,
  conversationId: string,
  mode: AccessMode,
): Promise<ConversationAccess> {
  // A malformed id cannot name a row; answering 404 keeps the database from rejecting the cast.
  const found = isUuid(conversationId) ? await findConversationFor(db, conversationId, user.id) : undefined;
  if (!found) throw notFound(CONVERSATION_NOT_FOUND);
  const { conversation } = found;
  const participant = found.lastReadSeq !== null;
  const allowed = mode === 'write' ? canWrite : canRead;
  if (!allowed(conversation, user, participant)) throw notFound(CONVERSATION_NOT_FOUND);
  if (mode === 'manage' && !canManage(conversation, user)) {
    throw forbidden('Only the creator of this conversation or an admin can change it');
  }
  return { conversation, isParticipant: participant };
}
