import { validate as isUuid } from 'uuid';
import type { Message } from '@stoop/shared';
import { MESSAGE_NOT_FOUND } from '../access/index.ts';
import { recordAudit } from '../audit/service.ts';
import type { Context } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import type { MessageRow, UserRow } from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';
import { inTransaction } from '../transaction.ts';
import { presentMessage } from './present.ts';
import * as repo from './repo.ts';
import * as flags from './repo/flags.ts';

/**
 * The messages domain's side of moderation (R-ADMIN-7..9): the flagged queue's data and the
 * admin's actions on one message. Admins moderate every message, direct ones included
 * (docs/decisions/0013-admins-moderate-flagged-direct-messages.md), so nothing here applies the
 * conversation access rule; the callers are admin-only routes (moderation/routes.ts).
 */

/** How many messages either side of a queued one show its context (R-ADMIN-7). */
const FLAGGED_CONTEXT = 2;

async function presentWhole(db: DbOrTx, rows: MessageRow[]): Promise<Message[]> {
  return (await repo.withDetails(db, rows)).map(presentMessage);
}

async function existingMessage(db: DbOrTx, id: string): Promise<MessageRow> {
  const found = isUuid(id) ? await repo.findMessage(db, id) : undefined;
  if (!found) throw notFound(MESSAGE_NOT_FOUND);
  return found;
}

/** A page of the queue with everything an item shows: the message whole, its context and its flags. */
export async function flaggedMessages(db: DbOrTx, limit: number, offset: number) {
  const { rows, total } = await flags.flaggedPage(db, limit, offset);
  const [presented, openFlags, contexts] = await Promise.all([
    presentWhole(db, rows),
    flags.openFlagsOf(
      db,
      rows.map((row) => row.id),
    ),
    Promise.all(
      rows.map(async (row) => {
        const { before, after } = await flags.neighboursOf(db, row, FLAGGED_CONTEXT);
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
 * POST /api/admin/messages/{id}/hide and /unhide (R-ADMIN-9): sets adminHidden, audited in the
 * same transaction. A real change takes a seq and goes out as `message:updated` (realtime
 * redacts it per socket), so open screens change live; hiding also takes it off the queue.
 */
export async function setMessageHidden(
  ctx: Context,
  admin: UserRow,
  id: string,
  hidden: boolean,
): Promise<Message> {
  const found = await existingMessage(ctx.db, id);
  if (found.deletedAt) throw notFound(MESSAGE_NOT_FOUND);
  return inTransaction(
    ctx,
    async (tx, events) => {
      const row = await flags.setHidden(tx, id, hidden);
      if (!row) throw notFound(MESSAGE_NOT_FOUND);
      await recordAudit(tx, {
        actorId: admin.id,
        action: hidden ? 'message.hide' : 'message.unhide',
        targetUserId: row.userId,
        details: { messageId: id, conversationId: row.conversationId },
      });
      const [message] = await presentWhole(tx, [row]);
      if (!message) throw new Error('presenting a message returned nothing');
      if (found.adminHidden !== hidden) events.publish('message:updated', { message });
      return message;
    },
    repo.lockChanges,
  );
}

/**
 * POST /api/admin/messages/{id}/dismiss (R-ADMIN-8): the message leaves the queue and stays as it
 * is; a later flag queues it again. Audited. Nothing changes for readers, so no seq and no event.
 */
export async function dismissFlags(ctx: Context, admin: UserRow, id: string): Promise<Message> {
  await existingMessage(ctx.db, id);
  return inTransaction(ctx, async (tx) => {
    const row = await flags.markFlagsReviewed(tx, id);
    if (!row) throw notFound(MESSAGE_NOT_FOUND);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'message.dismiss-flags',
      targetUserId: row.userId,
      details: { messageId: id, conversationId: row.conversationId },
    });
    const [message] = await presentWhole(tx, [row]);
    if (!message) throw new Error('presenting a message returned nothing');
    return message;
  });
}
