import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  announcements,
  conversationParticipants,
  conversations,
  messages,
  users,
} from '../../db/schema/index.ts';

/** Accounts without anything secret: no password hash, no settings. */
export function exportUsers(db: Db) {
  return db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      description: users.description,
      role: users.role,
      isLocked: users.isLocked,
      lockReason: users.lockReason,
      createdAt: users.createdAt,
    })
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.id));
}

export function exportConversations(db: Db, types: ('channel' | 'direct')[]) {
  return db
    .select({
      id: conversations.id,
      type: conversations.type,
      name: conversations.name,
      description: conversations.description,
      createdBy: conversations.createdBy,
      createdAt: conversations.createdAt,
      adminHidden: conversations.adminHidden,
    })
    .from(conversations)
    .where(inArray(conversations.type, types))
    .orderBy(asc(conversations.createdAt), asc(conversations.id));
}

export function exportParticipants(db: Db, conversationIds: string[]) {
  return db
    .select({
      conversationId: conversationParticipants.conversationId,
      userId: conversationParticipants.userId,
    })
    .from(conversationParticipants)
    .where(inArray(conversationParticipants.conversationId, conversationIds));
}

/** Messages not deleted, of one conversation, oldest first. */
export function exportMessagesOf(db: Db, conversationId: string) {
  return db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      userId: messages.userId,
      parentMessageId: messages.parentMessageId,
      content: messages.content,
      fileId: messages.fileId,
      createdAt: messages.createdAt,
      updatedAt: messages.updatedAt,
    })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), isNull(messages.deletedAt)))
    .orderBy(asc(messages.createdSeq));
}

export function exportAnnouncements(db: Db) {
  return db.select().from(announcements).orderBy(asc(announcements.createdAt), asc(announcements.id));
}
