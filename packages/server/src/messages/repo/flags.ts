import { and, eq, sql } from 'drizzle-orm';
import type { ReportReason } from '@stoop/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { messageFlags, messages, type MessageRow } from '../../db/schema/index.ts';

/**
 * A resident's flags on messages (R-USER-4, R-REPORT-2): the flag lists of the message
 * row and the time and reason of each flag (message_flags). Every write here is a message change:
 * it takes the next seq, so clients and the sync feed see it; callers run it under
 * the change lock. What admins do with flags is moderation/repo.ts.
 */

const bumpSeq = sql`nextval('message_change_seq')`;

/**
 * Adds the flagger to the message's list (adminFlaggedBy for an admin, userFlaggedBy otherwise)
 * and stores when; undefined when they had flagged it already (no change, no seq).
 */
export async function addFlag(
  tx: Tx,
  id: string,
  userId: string,
  byAdmin: boolean,
  report: { reason: ReportReason | null; note: string | null } = { reason: null, note: null },
): Promise<MessageRow | undefined> {
  const list = byAdmin ? messages.adminFlaggedBy : messages.userFlaggedBy;
  const appended = sql`array_append(${list}, ${userId}::uuid)`;
  const [row] = await tx
    .update(messages)
    .set({ ...(byAdmin ? { adminFlaggedBy: appended } : { userFlaggedBy: appended }), seq: bumpSeq })
    .where(and(eq(messages.id, id), sql`not (${userId}::uuid = any(${list}))`))
    .returning();
  if (row) {
    await tx
      .insert(messageFlags)
      .values({ messageId: id, userId, byAdmin, ...report })
      .onConflictDoUpdate({
        target: [messageFlags.messageId, messageFlags.userId],
        set: { byAdmin, createdAt: sql`now()`, ...report },
      });
  }
  return row;
}

/** A second report by the same person changes only its reason and words. */
export async function updateReport(
  db: DbOrTx,
  id: string,
  userId: string,
  report: { reason: ReportReason | null; note: string | null },
): Promise<void> {
  await db
    .update(messageFlags)
    .set(report)
    .where(and(eq(messageFlags.messageId, id), eq(messageFlags.userId, userId)));
}

/**
 * R-REPORT-2: takes the reporter off the message's lists and drops their flag; undefined when they
 * had not flagged it (no change, no seq).
 */
export async function removeFlag(tx: Tx, id: string, userId: string): Promise<MessageRow | undefined> {
  const [row] = await tx
    .update(messages)
    .set({
      userFlaggedBy: sql`array_remove(${messages.userFlaggedBy}, ${userId}::uuid)`,
      adminFlaggedBy: sql`array_remove(${messages.adminFlaggedBy}, ${userId}::uuid)`,
      seq: bumpSeq,
    })
    .where(
      and(
        eq(messages.id, id),
        sql`(${userId}::uuid = any(${messages.userFlaggedBy}) or ${userId}::uuid = any(${messages.adminFlaggedBy}))`,
      ),
    )
    .returning();
  if (row) {
    await tx.delete(messageFlags).where(and(eq(messageFlags.messageId, id), eq(messageFlags.userId, userId)));
  }
  return row;
}
