import { and, asc, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ReportReason } from '@stoop/shared';
import type { DbOrTx, Tx } from '../db/client.ts';
import { messageFlags, messages, type MessageRow } from '../db/schema/index.ts';

/**
 * Moderation's data: the queue of messages with open flags, their context, and an
 * admin's hide, unhide and dismiss. A hide is a message change: it takes the next seq, so clients
 * and the sync feed see it; the caller runs it under the messages' change lock.
 */

const bumpSeq = sql`nextval('message_change_seq')`;

export async function messageById(db: DbOrTx, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  return row;
}

/**
 * Hides or shows a message; hiding also settles its flags (R-ADMIN-8: it leaves the queue).
 * undefined when there is no such message.
 */
export async function setHidden(tx: Tx, id: string, hidden: boolean): Promise<MessageRow | undefined> {
  const [row] = await tx
    .update(messages)
    .set({ adminHidden: hidden, seq: bumpSeq, ...(hidden ? { flagsReviewedAt: sql`now()` } : {}) })
    .where(eq(messages.id, id))
    .returning();
  return row;
}

/**
 * Settles the message's flags without changing what anyone sees: no seq, no event.
 * A flag given later queues it again.
 */
export async function markFlagsReviewed(db: DbOrTx, id: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(messages)
    .set({ flagsReviewedAt: sql`now()` })
    .where(eq(messages.id, id))
    .returning();
  return row;
}

/** A flag given after the message's flags were last settled (or never settled): still open. */
const openFlag = or(isNull(messages.flagsReviewedAt), gt(messageFlags.createdAt, messages.flagsReviewedAt));
const queued = and(isNull(messages.deletedAt), openFlag);

/** The queue, newest open flag first: each message with the time of its newest open flag. */
export async function flaggedPage(
  db: DbOrTx,
  limit: number,
  offset: number,
): Promise<{ rows: (MessageRow & { lastFlaggedAt: Date })[]; total: number }> {
  const lastFlaggedAt = sql<Date | string>`max(${messageFlags.createdAt})`;
  const [rows, [count]] = await Promise.all([
    db
      .select({ message: messages, lastFlaggedAt })
      .from(messages)
      .innerJoin(messageFlags, eq(messageFlags.messageId, messages.id))
      .where(queued)
      .groupBy(messages.id)
      .orderBy(desc(lastFlaggedAt), desc(messages.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number | string>`count(distinct ${messages.id})` })
      .from(messages)
      .innerJoin(messageFlags, eq(messageFlags.messageId, messages.id))
      .where(queued),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.message, lastFlaggedAt: new Date(r.lastFlaggedAt) })),
    total: Number(count?.n ?? 0),
  };
}

export type FlagRow = {
  messageId: string;
  userId: string;
  byAdmin: boolean;
  createdAt: Date;
  reason: ReportReason | null;
  note: string | null;
};

/** The open flags of these messages (given since their flags were last settled), oldest first. */
export async function openFlagsOf(db: DbOrTx, ids: string[]): Promise<FlagRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      messageId: messageFlags.messageId,
      userId: messageFlags.userId,
      byAdmin: messageFlags.byAdmin,
      createdAt: messageFlags.createdAt,
      reason: messageFlags.reason,
      note: messageFlags.note,
    })
    .from(messageFlags)
    .innerJoin(messages, eq(messages.id, messageFlags.messageId))
    .where(and(inArray(messageFlags.messageId, ids), openFlag))
    .orderBy(asc(messageFlags.createdAt), asc(messageFlags.userId));
}

/**
 * Up to `count` messages either side of `message` in its own stream: the conversation's top-level
 * messages, or the replies of its thread. Oldest first on both sides.
 */
export async function neighboursOf(
  db: DbOrTx,
  message: MessageRow,
  count: number,
): Promise<{ before: MessageRow[]; after: MessageRow[] }> {
  const stream: SQL | undefined = and(
    eq(messages.conversationId, message.conversationId),
    message.parentMessageId
      ? eq(messages.parentMessageId, message.parentMessageId)
      : isNull(messages.parentMessageId),
  );
  const key = sql`(${messages.createdAt}, ${messages.id})`;
  // The stored time (microseconds), not the row's Date (milliseconds): the message is its own bound.
  const at = sql`((select c.created_at from ${messages} c where c.id = ${message.id}::uuid), ${message.id}::uuid)`;
  const [before, after] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(and(stream, sql`${key} < ${at}`))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(count),
    db
      .select()
      .from(messages)
      .where(and(stream, sql`${key} > ${at}`))
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .limit(count),
  ]);
  return { before: before.reverse(), after };
}
