import type { Message } from '@stoop/shared';
import { isAdmin, type Viewer } from '../access/rules.ts';
import type { MessageView } from './repo.ts';

import { fileUrl, thumbnailUrl } from '../files/urls.ts';

/**
 * The one shape of a message for REST and sockets; a tombstone keeps only what clients need to drop
 * it. History pages get the same shape written by the database (repo/present-sql.ts); a test holds the
 * two equal.
 */
export function presentMessage(view: MessageView): Message {
  const file = view.deletedAt ? null : view.file;
  return {
    id: view.id,
    userId: view.userId,
    conversationId: view.conversationId,
    parentMessageId: view.parentMessageId,
    createdAt: view.createdAt.toISOString(),
    updatedAt: view.updatedAt.toISOString(),
    deletedAt: view.deletedAt ? view.deletedAt.toISOString() : null,
    content: view.deletedAt ? '' : view.content,
    likedBy: view.likedBy,
    replies: view.replies,
    fileUrl: file ? fileUrl(file.id) : null,
    fileName: file ? file.name : null,
    fileType: file ? file.mimeType : null,
    fileSize: file ? file.size : null,
    thumbnailUrl: file?.thumbnailKey ? thumbnailUrl(file.id) : null,
    metadata: {
      userFlaggedBy: view.userFlaggedBy,
      adminFlaggedBy: view.adminFlaggedBy,
      mentionedUsers: view.deletedAt ? [] : view.mentionedUsers,
      adminHidden: view.adminHidden,
      bot: view.bot ?? null,
    },
    clientMessageId: view.clientMessageId,
    pollId: view.pollId,
    eventId: view.eventId,
    seq: view.seq,
    reactions: view.reactions,
  };
}

/** Whether `viewer` may see what an admin hid in this message: its author and admins (R-ADMIN-9). */
export function seesHiddenContent(viewer: Pick<Viewer, 'id' | 'role'>, authorId: string): boolean {
  return isAdmin(viewer) || viewer.id === authorId;
}

/**
 * The message as `viewer` may see it (R-ADMIN-9): a hidden message keeps its place, thread and
 * flags but loses content, file, likes, reactions and mentions for everyone but its author and admins. Every
 * REST answer, sync page and socket event goes through it; history pages do the same in SQL
 * (repo/present-sql.ts).
 */
export function redactFor(viewer: Pick<Viewer, 'id' | 'role'>, message: Message): Message {
  if (!message.metadata.adminHidden || seesHiddenContent(viewer, message.userId)) return message;
  return {
    ...message,
    content: '',
    likedBy: [],
    reactions: [],
    fileUrl: null,
    fileName: null,
    fileType: null,
    fileSize: null,
    thumbnailUrl: null,
    metadata: { ...message.metadata, mentionedUsers: [] },
  };
}
