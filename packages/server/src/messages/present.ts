import type { Message } from '@stoop/shared';
import { messageAbilities, type AbilityViewer } from '../access/abilities.ts';
import { seesHiddenContent, type Viewer } from '../access/rules.ts';
import type { DbOrTx } from '../db/client.ts';
import type { MessageRow } from '../db/schema/index.ts';
import { fileUrl, thumbnailUrl } from '../files/urls.ts';
import * as repo from './repo.ts';
import type { MessageView } from './repo.ts';

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
    thumbnailWidth: file?.thumbnailKey ? file.thumbnailWidth : null,
    thumbnailHeight: file?.thumbnailKey ? file.thumbnailHeight : null,
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
    createdSeq: view.createdSeq,
    reactions: view.reactions,
    linkPreview: view.deletedAt || view.linkPreviewRemoved ? null : view.linkPreview,
  };
}

/**
 * The message as `viewer` may see it: a hidden message keeps its place, thread and
 * flags but loses content, file, likes, reactions and mentions for everyone but its author and admins.
 * It carries what the viewer may do with it. Every REST answer, sync page and socket event goes
 * through it; history pages and search do the same in SQL (repo/present-sql.ts).
 */
export function presentFor(viewer: AbilityViewer, message: Message): Message {
  const abilities = messageAbilities(viewer, message);
  if (!message.metadata.adminHidden || seesHiddenContent(viewer, message.userId))
    return { ...message, abilities };
  return {
    ...message,
    content: '',
    likedBy: [],
    reactions: [],
    linkPreview: null,
    fileUrl: null,
    fileName: null,
    fileType: null,
    fileSize: null,
    thumbnailUrl: null,
    thumbnailWidth: null,
    thumbnailHeight: null,
    metadata: { ...message.metadata, mentionedUsers: [] },
    abilities,
  };
}

/** The messages whole, as events carry them (messages/sockets.ts presents them per variant). */
export async function presentWhole(db: DbOrTx, rows: MessageRow[]): Promise<Message[]> {
  return (await repo.withDetails(db, rows)).map(presentMessage);
}

/** The messages as `viewer` may see them (R-ADMIN-9: hidden ones redacted). */
export async function presentRows(db: DbOrTx, rows: MessageRow[], viewer: AbilityViewer): Promise<Message[]> {
  return (await presentWhole(db, rows)).map((message) => presentFor(viewer, message));
}

/**
 * The newest messages with a file in a conversation, presented (the details page's recent files);
 * files of messages hidden from the viewer are left out.
 */
export async function recentFiles(
  db: DbOrTx,
  conversationId: string,
  limit: number,
  viewer: Viewer,
): Promise<Message[]> {
  const shown = await presentRows(db, await repo.recentFileMessages(db, conversationId, limit), viewer);
  return shown.filter((message) => message.fileUrl !== null);
}
