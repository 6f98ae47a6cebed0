import { validate as isUuid } from 'uuid';
import type { DbOrTx } from '../db/client.ts';
import type { ConversationRow, UserRow } from '../db/schema/index.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { findConversationFor } from './repo.ts';

/**
 * read: see it and its messages. write: post (same rule as read; posting into a channel then joins).
 * manage: rename, re-icon or delete (the creator or an admin).
 */
export type AccessMode = 'read' | 'write' | 'manage';

export type ConversationAccess = { conversation: ConversationRow; isParticipant: boolean };

export const CONVERSATION_NOT_FOUND = 'Conversation not found';

/** The pure rule of DESIGN "Delivery and access rules", kept apart so it is tested on its own. */
export function canRead(
  conversation: Pick<ConversationRow, 'type' | 'adminHidden'>,
  user: Pick<UserRow, 'role' | 'isLocked'>,
  participant: boolean,
): boolean {
  if (user.isLocked) return false;
  if (conversation.type === 'direct') return participant;
  return !conversation.adminHidden || user.role === 'admin';
}

/**
 * The one access check for conversations: every route, socket join, file download and sync goes
 * through it (or, for lists, through readableConversationIds with the same rule). Anything the
 * user may not read is a 404, so a direct conversation's existence never leaks.
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
  if (!canRead(conversation, user, participant)) throw notFound(CONVERSATION_NOT_FOUND);
  if (mode === 'manage' && conversation.createdBy !== user.id && user.role !== 'admin') {
    throw forbidden('Only the creator of this conversation or an admin can change it');
  }
  return { conversation, isParticipant: participant };
}
