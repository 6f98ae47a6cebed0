import { validate as isUuid } from 'uuid';
import type { DbOrTx } from '../db/client.ts';
import type { ConversationRow, UserRow } from '../db/schema/index.ts';
import { type DomainError, Forbidden, NotFound } from '../errors.ts';
import { findConversationFor } from '../conversations/repo.ts';
import { canManage, canRead, canWrite, type AccessMode } from './rules.ts';

export type ConversationAccess = { conversation: ConversationRow; isParticipant: boolean };

export const CONVERSATION_NOT_FOUND = 'Conversation not found';

/**
 * The one access check for a single conversation: every route, socket join, file download and sync
 * goes through it (lists go through readableConversationIds, statements through sql.ts, with the
 * same rule). Anything the user may not read is a 404, so a direct conversation's existence never
 * leaks; `notFoundError` names what the caller reached the conversation through (a message, a
 * poll) in that 404's place.
 */
export async function requireConversationAccess(
  db: DbOrTx,
  user: UserRow,
  conversationId: string,
  mode: AccessMode,
  notFoundError: () => DomainError = () => new NotFound(CONVERSATION_NOT_FOUND),
): Promise<ConversationAccess> {
  const access = await findConversationAccess(db, user, conversationId, mode);
  if (!access) throw notFoundError();
  return access;
}

/** requireConversationAccess answering undefined where it answers 404 ('manage' may still be a 403). */
export async function findConversationAccess(
  db: DbOrTx,
  user: UserRow,
  conversationId: string,
  mode: AccessMode,
): Promise<ConversationAccess | undefined> {
  // A malformed id cannot name a row; not reading it keeps the database from rejecting the cast.
  const found = isUuid(conversationId) ? await findConversationFor(db, conversationId, user.id) : undefined;
  if (!found) return undefined;
  const { conversation } = found;
  const participant = found.lastReadSeq !== null;
  const allowed = mode === 'write' ? canWrite : canRead;
  if (!allowed(conversation, user, participant)) return undefined;
  if (mode === 'manage' && !canManage(conversation, user)) {
    throw new Forbidden('Only the creator of this conversation or an admin can change it');
  }
  return { conversation, isParticipant: participant };
}
