import { validate as isUuid, v7 as uuidv7 } from 'uuid';
import {
  MESSAGE_CONTENT_MAX,
  TEXTS,
  type Message,
  type MessageBot,
  type MessagesQuery,
  type ReportReason,
} from '@stoop/shared';
import type { DbOrTx, Tx } from '../db/client.ts';
import { inTransaction } from '../transaction.ts';
import type { FileRow, MessageRow, UserRow } from '../db/schema/index.ts';
import {
  CONVERSATION_NOT_FOUND,
  MESSAGE_NOT_FOUND,
  isAdmin,
  requireConversationAccess,
  requireMessageAccess,
  requireMessageDelete,
  requireMessageEdit,
  requireMessageReact,
  requireMessageReport,
} from '../access/index.ts';
import type { Context } from '../context.ts';
import { moveReadPosition } from '../conversations/read-receipts.ts';
import { presentConversation } from '../conversations/present.ts';
import { refuseExecutable, removeFileRow } from '../files/service.ts';
import type { UploadedFile } from '../files/uploaded-file.ts';
import { removeStored, storeUpload } from '../files/storage.ts';
import { Invalid, NotFound } from '../errors.ts';
import { readHistory } from './repo/history.ts';
import { resolveMentions } from './mentions.ts';
import { firstLink } from './first-link.ts';
import { presentMessage, presentRows, presentWhole, presentFor } from './present.ts';
import * as repo from './repo.ts';
import * as flags from './repo/flags.ts';
import { recordAudit } from '../audit/service.ts';
import { sendBatcherOf, type SendOutcome } from './send-batcher.ts';

export async function presentOne(db: DbOrTx, row: MessageRow): Promise<Message> {
  const [message] = await presentWhole(db, [row]);
  if (!message) throw new Error('presenting a message returned nothing');
  return message;
}

async function mentionsIn(db: DbOrTx, content: string): Promise<string[]> {
  return resolveMentions(content, await repo.mentionCandidates(db, content));
}

export type PageQuery = Pick<
  MessagesQuery,
  'limit' | 'beforeDate' | 'beforeId' | 'afterDate' | 'afterId' | 'around'
>;

/**
 * GET /api/conversations/{id}/messages: top-level messages, oldest first within the page, keyset on
 * (createdAt, id): the newest page, older than a cursor, newer than one, or around one message
 * (docs/decisions/0007-message-window-paging.md). Tombstones are included so a client holding the
 * message can drop it. Only the newest page marks the conversation read for a participant.
 * The messages come as the JSON texts the database wrote (messages/page-body.ts sends them).
 */
export async function listMessages(ctx: Context, user: UserRow, conversationId: string, query: PageQuery) {
  if (!isUuid(conversationId)) throw new NotFound(CONVERSATION_NOT_FOUND);
  if (query.beforeId !== undefined && !isUuid(query.beforeId))
    throw new Invalid('beforeId is not a message id', 'beforeId');
  // R-API-43: beforeId alone pages from that message, whose own time completes the cursor.
  const cursor =
    query.beforeId !== undefined && !query.beforeDate
      ? await repo.findMessage(ctx.db, query.beforeId)
      : undefined;
  const cursorMissing =
    query.beforeId !== undefined && !query.beforeDate && cursor?.conversationId !== conversationId;
  const beforeDate = query.beforeDate
    ? new Date(query.beforeDate)
    : cursorMissing
      ? undefined
      : cursor?.createdAt;
  const afterDate = query.afterDate ? new Date(query.afterDate) : undefined;
  const snapshot = await readHistory(ctx.db, {
    conversationId,
    viewer: user,
    limit: query.limit,
    beforeDate,
    beforeId: beforeDate ? query.beforeId : undefined,
    afterDate,
    afterId: query.afterId,
    around: query.around,
  });
  // The access rule was applied by the statement itself; on refusal nothing that was read is used.
  if (!snapshot || !snapshot.readable) throw new NotFound(CONVERSATION_NOT_FOUND);
  // Only once the conversation is known readable: a message elsewhere is no cursor here.
  if (cursorMissing) throw new NotFound(MESSAGE_NOT_FOUND);
  // A message of another conversation, a reply or a made-up id: nothing of the page goes out.
  if (query.around !== undefined && !snapshot.anchorFound) throw new NotFound(MESSAGE_NOT_FOUND);
  const { conversation, lastReadSeq } = snapshot;
  let { stats } = snapshot;
  let unreadBefore: number | undefined;
  let firstUnreadId: string | undefined;
  const isNewestPage = !beforeDate && !afterDate && query.around === undefined;
  if (isNewestPage && lastReadSeq !== null && lastReadSeq < snapshot.newestSeq) {
    // Before the position moves: the line goes where the reader's own position said.
    if (stats.unreadCount > 0)
      firstUnreadId = await repo.firstUnreadAfter(ctx.db, conversationId, user.id, lastReadSeq);
    await moveReadPosition(ctx, conversationId, user, snapshot.newestSeq);
    unreadBefore = stats.unreadCount;
    stats = { ...stats, unreadCount: 0 };
  }
  return {
    messageTexts: snapshot.messages,
    hasMore: snapshot.hasMore,
    hasNewer: snapshot.hasNewer,
    conversation: presentConversation(conversation, snapshot.participants, stats, user),
    unreadBefore,
    firstUnreadId,
  };
}

/** A history page whose messages are presented JSON texts, written by the database (repo/history.ts). */
export type PageOfTexts = Awaited<ReturnType<typeof listMessages>>;

export type SendInput = {
  content: string;
  parentMessageId?: string | undefined;
  clientMessageId?: string | undefined;
  /** The data source posting it (integrations/service.ts); people's sends have none. */
  bot?: MessageBot | undefined;
  /** Set only by polls/service.ts for a poll's own message. */
  pollId?: string | undefined;
  /** Set only by events/service.ts for an event's own card. */
  eventId?: string | undefined;
};

/**
 * POST /api/conversations/{id}/messages. Idempotent by clientMessageId: a repeat returns the first
 * message with created false (200), never a second copy. Posting into a channel joins it. The write
 * goes through the send batcher (group commit); the answer comes only after its commit.
 *
 * A plain send (text only) is checked for access by its insert statement (repo.insertMessagesLocked):
 * one round trip for the whole send. A send with a file or a parent is checked first, so a file is
 * never stored and a parent never looked up for someone who may not post there.
 */
export async function sendMessage(
  ctx: Context,
  user: UserRow,
  conversationId: string,
  input: SendInput,
  upload: UploadedFile | undefined,
): Promise<{ message: Message; created: boolean }> {
  const content = input.content.trim();
  const parentId = input.parentMessageId ?? null;
  const plain = !upload && parentId === null;
  // A malformed id names no conversation; a locked account reads nothing (canRead).
  if (!isUuid(conversationId) || user.isLocked) throw new NotFound(CONVERSATION_NOT_FOUND);
  if (!plain) await requireConversationAccess(ctx.db, user, conversationId, 'write');
  const clientMessageId = input.clientMessageId ?? null;
  // A repeat answers with the first message. Looking it up first costs every send a query, so it is
  // done up front only when a file would otherwise be stored again, or when the checks below refuse
  // the send (a repeat is answered even if its parent was deleted since); otherwise the batch's
  // insert finds the repeat by the unique (user, conversation, clientMessageId) index.
  const repeated = async () => {
    const first = clientMessageId
      ? await repo.findByClientId(ctx.db, user.id, conversationId, clientMessageId)
      : undefined;
    return first ? { message: presentFor(user, await presentOne(ctx.db, first)), created: false } : undefined;
  };
  if (upload) {
    const answer = await repeated();
    if (answer) return answer;
    await refuseExecutable(upload);
  }
  try {
    if (content.length === 0 && !upload) throw new Invalid('A message needs text or a file', 'content');
    if (content.length > MESSAGE_CONTENT_MAX) throw new Invalid('The message is too long', 'content');
    if (parentId) await checkParent(ctx.db, conversationId, parentId);
  } catch (error) {
    // Refused input answers 404 first where the conversation is not the sender's to post in.
    if (plain) await requireConversationAccess(ctx.db, user, conversationId, 'write');
    const answer = await repeated();
    if (answer) return answer;
    throw error;
  }
  const mentionedUsers = await mentionsIn(ctx.db, content);

  // Bytes and thumbnail are written before the transaction so the change lock is never held for sharp.
  const stored = upload ? await storeUpload(ctx.config.UPLOAD_DIR, upload.path) : undefined;
  const file = stored
    ? { ...stored, id: uuidv7(), conversationId, uploaderId: user.id, name: upload?.fileName ?? 'file' }
    : undefined;
  let outcome: SendOutcome;
  try {
    outcome = await sendBatcherOf(ctx.db).submit({
      message: {
        id: uuidv7(),
        conversationId,
        userId: user.id,
        parentMessageId: parentId,
        content,
        clientMessageId,
        fileId: file?.id ?? null,
        mentionedUsers,
        bot: input.bot,
        pollId: input.pollId ?? null,
        eventId: input.eventId ?? null,
      },
      file,
      seesHidden: isAdmin(user),
    });
  } catch (error) {
    if (stored) await removeStored(ctx.config.UPLOAD_DIR, [stored.storageKey, stored.thumbnailKey]);
    throw error;
  }
  if (!outcome.created) {
    if (stored) await removeStored(ctx.config.UPLOAD_DIR, [stored.storageKey, stored.thumbnailKey]);
    // Not inserted: the sender may not post here (the check answers 404), or two copies of one
    // send raced and the one that committed is the answer.
    await requireConversationAccess(ctx.db, user, conversationId, 'write');
    const answer = await repeated();
    if (!answer) throw new Error('a send without a message was reported as a duplicate');
    return answer;
  }
  // The batch's transaction has committed (the batcher answers only then): its events may leave.
  // A brand-new message has no likes or replies yet: no need to ask the database.
  const message = presentMessage({ ...outcome.row, file: outcome.file ?? null, likedBy: [], replies: [] });
  ctx.bus.publish('message:new', { message, authorRole: user.role });
  if (outcome.parent)
    ctx.bus.publish('message:updated', { message: await presentOne(ctx.db, outcome.parent) });
  return { message: presentFor(user, message), created: true };
}

async function checkParent(db: DbOrTx, conversationId: string, parentId: string): Promise<void> {
  const parent = isUuid(parentId) ? await repo.findMessage(db, parentId) : undefined;
  if (!parent || parent.conversationId !== conversationId) {
    throw new Invalid('The parent message is not in this conversation', 'parentMessageId');
  }
  if (parent.parentMessageId)
    throw new Invalid('Replies go to the thread’s first message', 'parentMessageId');
  if (parent.deletedAt) throw new Invalid('The parent message was deleted', 'parentMessageId');
}

/** The message a like or a reaction goes on, once the caller may react to it (the `react` ability). */
export async function reactableMessage(ctx: Context, user: UserRow, id: string): Promise<MessageRow> {
  const { message } = await requireMessageAccess(ctx.db, user, id, 'read');
  requireMessageReact(user, message);
  return message;
}

/**
 * Runs a message change under the change lock and publishes `event` with the changed message once
 * it committed (inTransaction).
 */
export async function commitChange(
  ctx: Context,
  event: 'message:updated' | 'message:deleted' | 'message:liked',
  change: (tx: Tx) => Promise<MessageRow | undefined>,
): Promise<Message> {
  return inTransaction(
    ctx,
    async (tx, events) => {
      const row = await change(tx);
      if (!row) throw new NotFound(MESSAGE_NOT_FOUND);
      const message = await presentOne(tx, row);
      events.publish(event, { message });
      return message;
    },
    repo.lockChanges,
  );
}

/** POST /api/messages/{id}/like: R-MSG-9, R-ERR-5, a second like is a 400 whose message contains 'already liked'. */
export async function likeMessage(ctx: Context, user: UserRow, id: string): Promise<Message> {
  await reactableMessage(ctx, user, id);
  const message = await commitChange(ctx, 'message:liked', async (tx) => {
    if (!(await repo.insertLike(tx, id, user.id)))
      throw new Invalid(`You have ${TEXTS.alreadyLiked} this message`);
    return repo.changeMessage(tx, id, {});
  });
  return presentFor(user, message);
}

/** DELETE /api/messages/{id}/like: unliking a message one has not liked is a 400 (R-MSG-9, R-ERR-4 treats it as done). */
export async function unlikeMessage(ctx: Context, user: UserRow, id: string): Promise<Message> {
  await reactableMessage(ctx, user, id);
  const message = await commitChange(ctx, 'message:liked', async (tx) => {
    if (!(await repo.deleteLike(tx, id, user.id))) throw new Invalid('You have not liked this message');
    return repo.changeMessage(tx, id, {});
  });
  return presentFor(user, message);
}

/** PUT /api/messages/{id}: the author only; mentions are resolved again from the new text. */
export async function editMessage(
  ctx: Context,
  user: UserRow,
  id: string,
  content: string,
): Promise<Message> {
  const { message } = await requireMessageAccess(ctx.db, user, id, 'read');
  requireMessageEdit(user, message);
  const mentionedUsers = await mentionsIn(ctx.db, content);
  // A card belongs to the first link; an edit that changes that link drops it, and the new
  // link's card is fetched as for a new message (link-previews/subscriber.ts).
  const keepsCard = message.linkPreview === null || message.linkPreview.url === firstLink(content);
  const edited = await commitChange(ctx, 'message:updated', (tx) =>
    repo.changeMessage(tx, id, {
      content,
      mentionedUsers,
      updatedAt: new Date(),
      ...(keepsCard ? {} : { linkPreview: null }),
    }),
  );
  // Committed by now (commitChange waits for it).
  ctx.bus.publish('message:edited', { message: edited });
  return presentFor(user, edited);
}

/**
 * The text of the message carrying an event's card follows the event's title, so search,
 * previews and notifications name it as the card does. Not an edit by its author: `updatedAt` stays,
 * and a deleted message stays deleted. Everyone in the conversation gets message:updated.
 */
export async function retitleEventMessage(ctx: Context, eventId: string, title: string): Promise<void> {
  const row = await repo.findMessageOfEvent(ctx.db, eventId);
  if (!row || row.deletedAt || row.content === title) return;
  await commitChange(ctx, 'message:updated', (tx) => repo.changeMessage(tx, row.id, { content: title }));
}

/**
 * DELETE /api/messages/{id}: the author or an admin (moderation reaches every message, even in
 * direct conversations the admin cannot read). Leaves a tombstone; the file goes.
 */
export async function deleteMessage(ctx: Context, user: UserRow, id: string): Promise<Message> {
  const found = isUuid(id) ? await repo.findMessage(ctx.db, id) : undefined;
  if (!found) throw new NotFound(MESSAGE_NOT_FOUND);
  if (!isAdmin(user)) await requireMessageAccess(ctx.db, user, id, 'read');
  if (requireMessageDelete(user, found).alreadyDeleted)
    return presentFor(user, await presentOne(ctx.db, found));
  let file: FileRow | undefined;
  const message = await commitChange(ctx, 'message:deleted', async (tx) => {
    // An admin removing someone else's message is moderation, and audited.
    if (found.userId !== user.id) {
      await recordAudit(tx, {
        actorId: user.id,
        action: 'message.delete',
        targetUserId: found.userId,
        details: { messageId: id, conversationId: found.conversationId },
      });
    }
    const now = new Date();
    const row = await repo.changeMessage(tx, id, {
      content: '',
      mentionedUsers: [],
      fileId: null,
      deletedAt: now,
      updatedAt: now,
    });
    if (found.fileId) file = await removeFileRow(tx, found.fileId);
    return row;
  });
  if (file) await removeStored(ctx.config.UPLOAD_DIR, [file.storageKey, file.thumbnailKey]);
  return presentFor(user, message);
}

/**
 * POST /api/conversations/{id}/flag {messageId}: adds the caller to userFlaggedBy once, or to
 * adminFlaggedBy when the caller is an admin, and stores when. Its author cannot report it.
 */
export async function flagMessage(
  ctx: Context,
  user: UserRow,
  conversationId: string,
  messageId: string,
  reason: ReportReason | null = null,
  note: string | null = null,
): Promise<Message> {
  const { message } = await requireMessageAccess(ctx.db, user, messageId, 'read');
  if (message.conversationId !== conversationId) throw new NotFound(MESSAGE_NOT_FOUND);
  requireMessageReport(user, message);
  const report = { reason, note: note?.length ? note : null };
  return inTransaction(
    ctx,
    async (tx, events) => {
      const changed = await flags.addFlag(tx, messageId, user.id, isAdmin(user), report);
      if (!changed) {
        // Flagging twice changes nothing anyone sees: no new seq, no event, same answer; the
        // reason given last is the one the admins read.
        await flags.updateReport(tx, messageId, user.id, report);
        return presentFor(user, await presentOne(tx, message));
      }
      const presented = await presentOne(tx, changed);
      events.publish('message:updated', { message: presented });
      return presentFor(user, presented);
    },
    repo.lockChanges,
  );
}

/**
 * DELETE /api/conversations/{id}/flag/{messageId}: the reporter withdraws their own
 * report; not having reported it answers the message unchanged.
 */
export async function withdrawFlag(
  ctx: Context,
  user: UserRow,
  conversationId: string,
  messageId: string,
): Promise<Message> {
  const { message } = await requireMessageAccess(ctx.db, user, messageId, 'read');
  if (message.conversationId !== conversationId) throw new NotFound(MESSAGE_NOT_FOUND);
  return inTransaction(
    ctx,
    async (tx, events) => {
      const changed = await flags.removeFlag(tx, messageId, user.id);
      if (!changed) return presentFor(user, await presentOne(tx, message));
      const presented = await presentOne(tx, changed);
      events.publish('message:updated', { message: presented });
      return presentFor(user, presented);
    },
    repo.lockChanges,
  );
}

/** GET /api/messages/{id}/thread: a reply's id opens its parent's thread. */
export async function getThread(ctx: Context, user: UserRow, id: string) {
  const { message } = await requireMessageAccess(ctx.db, user, id, 'read');
  const parentRow = message.parentMessageId
    ? await repo.findMessage(ctx.db, message.parentMessageId)
    : message;
  if (!parentRow) throw new NotFound(MESSAGE_NOT_FOUND);
  const [parent, replies] = await Promise.all([
    presentOne(ctx.db, parentRow).then((whole) => presentFor(user, whole)),
    repo.threadReplies(ctx.db, parentRow.id).then((rows) => presentRows(ctx.db, rows, user)),
  ]);
  return { conversationId: parentRow.conversationId, parent, replies };
}

/** Message rows changed after `after` in the given conversations, oldest change first (the sync feed). */
export function messagesChangedAfter(
  db: DbOrTx,
  conversationIds: string[],
  after: number,
  limit: number,
): Promise<MessageRow[]> {
  return repo.changesAfter(db, conversationIds, after, limit);
}

/**
 * The change lock every message change takes, for another domain's transaction that changes
 * messages (inTransaction's `before`): an import's batches, a moderator's hide.
 */
export const lockMessageChanges = repo.lockChanges;
