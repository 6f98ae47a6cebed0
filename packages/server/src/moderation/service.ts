import { validate as isUuid } from 'uuid';
import type { FlaggedPage, Message } from '@stoop/shared';
import { MESSAGE_NOT_FOUND, requireAdmin, requireMessageHide } from '../access/index.ts';
import { recordAudit } from '../audit/service.ts';
import type { Context } from '../context.ts';
import { conversationById } from '../conversations/service.ts';
import type { DbOrTx } from '../db/client.ts';
import type { MessageRow, UserRow } from '../db/schema/index.ts';
import { NotFound } from '../errors.ts';
import { presentFor, presentWhole } from '../messages/present.ts';
import { lockMessageChanges } from '../messages/service.ts';
import { inTransaction } from '../transaction.ts';
import { findUsers } from '../users/service.ts';
import { presentFlaggedItem } from './present.ts';
import * as repo from './repo.ts';

/**
 * Moderation (R-ADMIN-7..9): the queue of flagged messages and an admin's hide, unhide and
 * dismiss. Admins moderate every message, direct ones included
 * (docs/decisions/0013-admins-moderate-flagged-direct-messages.md), so nothing here applies the
 * conversation access rule; every call is the admins' only.
 */

/** How many messages either side of a queued one show its context. */
const FLAGGED_CONTEXT = 2;

async function existingMessage(db: DbOrTx, id: string): Promise<MessageRow> {
  const found = isUuid(id) ? await repo.messageById(db, id) : undefined;
  if (!found) throw new NotFound(MESSAGE_NOT_FOUND);
  return found;
}

/** A page of the queue with everything an item shows: the message whole, its context and its flags. */
async function flaggedMessages(db: DbOrTx, limit: number, offset: number) {
  const { rows, total } = await repo.flaggedPage(db, limit, offset);
  const [presented, openFlags, contexts] = await Promise.all([
    presentWhole(db, rows),
    repo.openFlagsOf(
      db,
      rows.map((row) => row.id),
    ),
    Promise.all(
      rows.map(async (row) => {
        const { before, after } = await repo.neighboursOf(db, row, FLAGGED_CONTEXT);
        return { before: await presentWhole(db, before), after: await presentWhole(db, after) };
      }),
    ),
  ]);
  const items = rows.map((row, index) => ({
    message: presented[index]!,
    conversationId: row.conversationId,
    lastFlaggedAt: row.lastFlaggedAt,
    flags: openFlags.filter((flag) => flag.messageId === row.id),
    ...contexts[index]!,
  }));
  return { items, total };
}

/**
 * GET /api/admin/flagged: messages with flags no admin has settled yet, newest flag
 * first, each with its context, author, flaggers and where it was posted. Direct messages are
 * included: admins moderate what residents flag (docs/decisions/0013-admins-moderate-flagged-direct-messages.md).
 */
export async function flaggedQueue(
  ctx: Context,
  admin: UserRow,
  query: { page: number; limit: number },
): Promise<FlaggedPage> {
  requireAdmin(admin);
  const { items, total } = await flaggedMessages(ctx.db, query.limit, (query.page - 1) * query.limit);
  const conversationIds = [...new Set(items.map((item) => item.conversationId))];
  const userIds = items.flatMap((item) => [
    item.message.userId,
    ...item.flags.map((flag) => flag.userId),
    ...item.before.map((m) => m.userId),
    ...item.after.map((m) => m.userId),
  ]);
  const [conversations, users] = await Promise.all([
    Promise.all(conversationIds.map((id) => conversationById(ctx.db, id))),
    findUsers(ctx.db, userIds),
  ]);
  const conversationOf = new Map(conversations.flatMap((row) => (row ? [[row.id, row] as const] : [])));
  const userOf = new Map(users.map((row) => [row.id, row]));
  const data = items.flatMap((item) => {
    const conversation = conversationOf.get(item.conversationId);
    return conversation ? [presentFlaggedItem(item, conversation, userOf)] : [];
  });
  return { data, total, page: query.page };
}

/**
 * POST /api/admin/messages/{id}/hide and /unhide: sets adminHidden, audited in the
 * same transaction. A real change takes a seq and goes out as `message:updated` (realtime
 * redacts it per socket), so open screens change live; hiding also takes it off the queue. Who may
 * is the `hide` ability's rule (requireMessageHide); the route table lets only admins call.
 */
export async function hide(ctx: Context, admin: UserRow, id: string, hidden: boolean): Promise<Message> {
  const found = await existingMessage(ctx.db, id);
  requireMessageHide(admin, found);
  return inTransaction(
    ctx,
    async (tx, events) => {
      const row = await repo.setHidden(tx, id, hidden);
      if (!row) throw new NotFound(MESSAGE_NOT_FOUND);
      await recordAudit(tx, {
        actorId: admin.id,
        action: hidden ? 'message.hide' : 'message.unhide',
        targetUserId: row.userId,
        details: { messageId: id, conversationId: row.conversationId },
      });
      const [message] = await presentWhole(tx, [row]);
      if (!message) throw new Error('presenting a message returned nothing');
      if (found.adminHidden !== hidden) events.publish('message:updated', { message });
      return presentFor(admin, message);
    },
    lockMessageChanges,
  );
}

/**
 * POST /api/admin/messages/{id}/dismiss: the message leaves the queue and stays as it
 * is; a later flag queues it again. Audited. Nothing changes for readers, so no seq and no event.
 */
export async function dismiss(ctx: Context, admin: UserRow, id: string): Promise<Message> {
  requireAdmin(admin);
  await existingMessage(ctx.db, id);
  return inTransaction(ctx, async (tx) => {
    const row = await repo.markFlagsReviewed(tx, id);
    if (!row) throw new NotFound(MESSAGE_NOT_FOUND);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'message.dismiss-flags',
      targetUserId: row.userId,
      details: { messageId: id, conversationId: row.conversationId },
    });
    const [message] = await presentWhole(tx, [row]);
    if (!message) throw new Error('presenting a message returned nothing');
    return presentFor(admin, message);
  });
}
