import type { Message } from '@stoop/shared';
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
    },
    clientMessageId: view.clientMessageId,
    seq: view.seq,
  };
}
