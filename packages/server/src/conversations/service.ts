import { validate as isUuid } from 'uuid';
import { TEXTS, type Conversation, type CreateConversationBody } from '@stoop/shared';
import type { DbOrTx, Tx } from '../db/client.ts';
import { inTransaction, type PendingDomainEvents } from '../transaction.ts';
import type { ConversationRow, UserRow } from '../db/schema/index.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { Conflict, Invalid, NotFound } from '../errors.ts';
import { attachIcon, removeFileRow } from '../files/service.ts';
import type { UploadedFile } from '../files/uploaded-file.ts';
import { removeStored } from '../files/storage.ts';
import { recentFiles as recentFilesOf } from '../messages/present.ts';
import { findUser } from '../users/service.ts';
import { recordAudit } from '../audit/service.ts';
import { presentParticipant } from '../users/present.ts';
import {
  readableConversationIds,
  requireAdmin,
  requireConversationAccess,
  type AbilityViewer,
} from '../access/index.ts';
import type { Context } from '../context.ts';
import { presentConversation } from './present.ts';
import { moveReadPosition } from './read-receipts.ts';
import * as repo from './repo.ts';

/**
 * A conversation as `viewer` sees it (participants, last message time, their unread count, what they
 * may do with it).
 */
async function viewConversation(
  db: DbOrTx,
  row: ConversationRow,
  viewer: AbilityViewer,
): Promise<Conversation> {
  const [participants, stats] = await Promise.all([
    repo.participantIdsOf(db, [row.id]),
    repo.conversationStats(db, [row.id], viewer.id),
  ]);
  return presentConversation(row, participants.get(row.id) ?? [], stats.get(row.id), viewer);
}

/** GET /api/conversations: the viewer's direct conversations and every channel they may see, newest activity first. */
export async function listConversations(ctx: Context, user: UserRow): Promise<Conversation[]> {
  const ids = await readableConversationIds(ctx.db, user);
  const [rows, participants, stats] = await Promise.all([
    repo.listConversationsByIds(ctx.db, ids),
    repo.participantIdsOf(ctx.db, ids),
    repo.conversationStats(ctx.db, ids, user.id),
  ]);
  const list = rows.map((row) =>
    presentConversation(row, participants.get(row.id) ?? [], stats.get(row.id), user),
  );
  const activity = (c: Conversation) => c.lastMessageAt ?? c.updatedAt;
  return list.sort((a, b) => (activity(a) < activity(b) ? 1 : activity(a) > activity(b) ? -1 : 0));
}

const RECENT_FILES = 10;

export async function conversationDetails(ctx: Context, user: UserRow, id: string) {
  const { conversation } = await requireConversationAccess(ctx.db, user, id, 'read');
  const [view, participantRows, counts, recentFiles] = await Promise.all([
    viewConversation(ctx.db, conversation, user),
    repo.participantUsers(ctx.db, id),
    repo.countMessagesAndFiles(ctx.db, id),
    recentFilesOf(ctx.db, id, RECENT_FILES, user),
  ]);
  const participants = participantRows.map(presentParticipant);
  return { conversation: view, participants, ...counts, recentFiles };
}

const directKey = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/**
 * POST /api/conversations. Any approved resident may create a channel (docs/decisions: residents
 * start their own interest channels; admins moderate with flag and hide). A direct conversation
 * with the same other resident is reused: `created` is false then.
 */
export async function createConversation(
  ctx: Context,
  user: UserRow,
  body: CreateConversationBody,
  icon: UploadedFile | undefined,
): Promise<{ conversation: Conversation; created: boolean }> {
  const others = [...new Set(body.participantIds.filter((id) => id !== user.id))];
  for (const id of others) {
    const other = isUuid(id) ? await findUser(ctx.db, id) : undefined;
    if (!other || other.isLocked) throw new Invalid('Unknown or unapproved resident', 'participantIds');
  }
  if (body.type === 'direct') {
    if (icon) throw new Invalid('A direct conversation has no icon', 'icon');
    if (others.length === 0)
      throw new Invalid('You cannot start a direct conversation with yourself', 'participantIds');
    return createDirect(ctx, user, others[0] as string);
  }
  if (await repo.channelNameTaken(ctx.db, body.name)) throw new Conflict(TEXTS.channelNameTaken, 'name');
  let conversation: Conversation | undefined;
  try {
    conversation = await inTransaction(ctx, async (tx, events) => {
      const inserted = await repo.insertConversation(tx, {
        type: 'channel',
        name: body.name,
        description: body.description,
        createdBy: user.id,
        directKey: null,
      });
      if (!inserted) return undefined;
      await repo.addParticipants(tx, inserted.id, [user.id, ...others]);
      const iconFileId = icon
        ? (await attachIcon(tx, ctx.config.UPLOAD_DIR, inserted.id, user.id, icon)).id
        : undefined;
      const row = iconFileId ? await repo.updateConversation(tx, inserted.id, { iconFileId }) : inserted;
      return row && announceCreated(tx, events, row, user);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  // Two residents racing for one name: the unique index decides, the loser gets the spec's 409.
  if (!conversation) throw new Conflict(TEXTS.channelNameTaken, 'name');
  return { conversation, created: true };
}

async function createDirect(
  ctx: Context,
  user: UserRow,
  otherId: string,
): Promise<{ conversation: Conversation; created: boolean }> {
  const key = directKey(user.id, otherId);
  const existing = await repo.findDirectByKey(ctx.db, key);
  if (existing) return { conversation: await viewConversation(ctx.db, existing, user), created: false };
  const conversation = await inTransaction(ctx, async (tx, events) => {
    const inserted = await repo.insertConversation(tx, {
      type: 'direct',
      name: '',
      description: '',
      createdBy: user.id,
      directKey: key,
    });
    if (!inserted) return undefined;
    await repo.addParticipants(tx, inserted.id, [user.id, otherId]);
    return announceCreated(tx, events, inserted, user);
  });
  // Lost a race with the other resident opening the same chat: theirs is the one.
  if (!conversation) {
    const winner = await repo.findDirectByKey(ctx.db, key);
    if (!winner) throw new Error('direct conversation vanished after a conflict');
    return { conversation: await viewConversation(ctx.db, winner, user), created: false };
  }
  return { conversation, created: true };
}

/** The new conversation as its creator sees it; its event leaves when the transaction commits. */
async function announceCreated(
  tx: Tx,
  events: PendingDomainEvents,
  row: ConversationRow,
  creator: AbilityViewer,
): Promise<Conversation> {
  const conversation = await viewConversation(tx, row, creator);
  events.publish('conversation:created', { conversation: { ...conversation, unreadCount: 0 } });
  return conversation;
}

export type ConversationUpdate = { name?: string | undefined; description?: string | undefined };

/** PATCH /api/conversations/{id}: creator or admin; a direct conversation has no name to change. */
export async function updateConversation(
  ctx: Context,
  user: UserRow,
  id: string,
  patch: ConversationUpdate,
  icon: UploadedFile | undefined,
): Promise<Conversation> {
  const { conversation } = await requireConversationAccess(ctx.db, user, id, 'manage');
  if (conversation.type === 'direct' && (patch.name !== undefined || icon)) {
    throw new Invalid(
      'A direct conversation has no name or icon',
      patch.name !== undefined ? 'name' : 'icon',
    );
  }
  if (patch.name !== undefined && (await repo.channelNameTaken(ctx.db, patch.name, id))) {
    throw new Conflict(TEXTS.channelNameTaken, 'name');
  }
  const oldIcon = conversation.iconFileId;
  let updated: Conversation;
  try {
    updated = await inTransaction(ctx, async (tx, events) => {
      const iconFileId = icon
        ? (await attachIcon(tx, ctx.config.UPLOAD_DIR, id, user.id, icon)).id
        : undefined;
      const row = await repo.updateConversation(tx, id, {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(iconFileId ? { iconFileId } : {}),
      });
      if (!row) throw new NotFound('Conversation not found');
      return announceUpdated(tx, events, row, user, false);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(TEXTS.channelNameTaken, 'name');
    throw error;
  }
  if (icon && oldIcon) await dropFile(ctx, oldIcon);
  return updated;
}

async function dropFile(ctx: Context, fileId: string): Promise<void> {
  const removed = await removeFileRow(ctx.db, fileId);
  if (removed) await removeStored(ctx.config.UPLOAD_DIR, [removed.storageKey, removed.thumbnailKey]);
}

/**
 * The changed conversation as `viewer` sees it, announced on `events`: a transaction's
 * (inTransaction), or the bus after a single write that has committed.
 */
async function announceUpdated(
  db: DbOrTx,
  events: Pick<PendingDomainEvents, 'publish'>,
  row: ConversationRow,
  viewer: AbilityViewer,
  visibilityChanged: boolean,
): Promise<Conversation> {
  const conversation = await viewConversation(db, row, viewer);
  events.publish('conversation:updated', {
    conversation: { ...conversation, unreadCount: 0 },
    visibilityChanged,
  });
  return conversation;
}

/** DELETE /api/conversations/{id}: creator or admin; messages and files go with it. */
export async function deleteConversation(ctx: Context, user: UserRow, id: string): Promise<void> {
  await requireConversationAccess(ctx.db, user, id, 'manage');
  const stored = await inTransaction(ctx, async (tx, events) => {
    const files = await repo.deleteConversation(tx, id);
    events.publish('conversation:deleted', { conversationId: id });
    return files;
  });
  await removeStored(
    ctx.config.UPLOAD_DIR,
    stored.flatMap((f) => [f.storageKey, f.thumbnailKey]),
  );
}

export type ChannelAdminAction = 'flag' | 'unflag' | 'hide';

const UNHIDE_NAME_TAKEN = 'A visible channel already has this name. Rename this channel before unhiding it.';

/**
 * R-CONV-2 channel admin flag: flag adds the admin to adminFlaggedBy, unflag clears the list, hide
 * toggles adminHidden. Only channels; admins see hidden channels, so access is plain read.
 */
export async function channelAdminAction(
  ctx: Context,
  admin: UserRow,
  id: string,
  action: ChannelAdminAction,
): Promise<Conversation> {
  requireAdmin(admin);
  const { conversation } = await requireConversationAccess(ctx.db, admin, id, 'read');
  if (conversation.type !== 'channel') throw new Invalid('Only channels can be flagged or hidden');
  // R-CONV-7: hidden channels hold no name, so a visible one may have taken it meanwhile.
  const unhiding = action === 'hide' && conversation.adminHidden;
  if (unhiding && conversation.name && (await repo.channelNameTaken(ctx.db, conversation.name, id))) {
    throw new Conflict(UNHIDE_NAME_TAKEN, 'name');
  }
  return inTransaction(ctx, async (tx, events): Promise<Conversation> => {
    let row: ConversationRow | undefined;
    if (action === 'flag') row = await repo.addAdminFlag(tx, id, admin.id);
    else if (action === 'unflag') row = await repo.updateConversation(tx, id, { adminFlaggedBy: [] });
    else row = await repo.updateConversation(tx, id, { adminHidden: !conversation.adminHidden });
    if (!row) throw new NotFound('Conversation not found');
    // Every admin action is audited, in the same transaction as the change.
    const audited = action === 'hide' ? (row.adminHidden ? 'hide' : 'unhide') : action;
    await recordAudit(tx, {
      actorId: admin.id,
      action: `channel.${audited}`,
      targetUserId: null,
      details: { conversationId: id, name: row.name },
    });
    return announceUpdated(tx, events, row, admin, action === 'hide');
  }).catch((error: unknown) => {
    // An unhide racing a resident's new channel of the same name: the unique index decides.
    if (isUniqueViolation(error)) throw new Conflict(UNHIDE_NAME_TAKEN, 'name');
    throw error;
  });
}

/**
 * POST /api/conversations/{id}/read: moves a participant's read position up to `seq`, bounded by
 * the newest message (a position from the future would hide messages not yet written). Not a
 * participant (a channel they only read): nothing to move. Never moves backwards.
 */
export async function markConversationRead(ctx: Context, user: UserRow, id: string, seq: number) {
  const { isParticipant } = await requireConversationAccess(ctx.db, user, id, 'read');
  if (isParticipant) await moveReadPosition(ctx, id, user, seq);
}

/** A conversation's row for another domain's rules (notifications check access themselves). */
export function conversationById(db: DbOrTx, id: string): Promise<ConversationRow | undefined> {
  return repo.findConversationById(db, id);
}

/** How many conversations' types one process keeps (a few bytes each); the oldest go first. */
const KNOWN_TYPES_MAX = 10_000;
const knownTypes = new WeakMap<DbOrTx, Map<string, ConversationRow['type']>>();

/**
 * A conversation's type (channel or direct), or undefined when there is none. A type is fixed at
 * creation (no update sets it, and ids are never reused), so once read it is kept per database handle
 * without invalidation: the subscribers of every new message (mail notices, push) ask it to skip
 * channels, and a busy channel then costs them no query.
 */
export async function conversationTypeOf(
  db: DbOrTx,
  id: string,
): Promise<ConversationRow['type'] | undefined> {
  let types = knownTypes.get(db);
  const known = types?.get(id);
  if (known) return known;
  const row = await repo.findConversationById(db, id);
  if (!row) return undefined;
  if (!types) knownTypes.set(db, (types = new Map<string, ConversationRow['type']>()));
  if (types.size >= KNOWN_TYPES_MAX) types.delete(types.keys().next().value as string);
  types.set(id, row.type);
  return row.type;
}

/** The participants' ids of one conversation (a direct message's recipients, for push). */
export async function participantIds(db: DbOrTx, conversationId: string): Promise<string[]> {
  return (await repo.participantIdsOf(db, [conversationId])).get(conversationId) ?? [];
}

/** A channel by name, ignoring case (search's in:#, R-SEARCH-5); the caller applies the access rule. */
export function channelByName(db: DbOrTx, name: string): Promise<ConversationRow | undefined> {
  return repo.findChannelByName(db, name);
}

/** Ids of the direct conversations of `userId` with any of `others` (search's in:@, R-SEARCH-5). */
export async function directIdsBetween(db: DbOrTx, userId: string, others: string[]): Promise<string[]> {
  const rows = await Promise.all(others.map((other) => repo.findDirectByKey(db, directKey(userId, other))));
  return rows.flatMap((row) => (row ? [row.id] : []));
}
