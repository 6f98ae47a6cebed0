/**
 * R-RECEIPT: read receipts. A participant's read position (conversation_participants.last_read_seq)
 * is shown to the other participants of conversations small enough for it, unless either side has
 * turned sharing off (users.share_read_receipts): then neither sees the other's.
 */
import { READ_RECEIPTS_PARTICIPANTS_MAX, type ConversationReads } from '@stoop/shared';
import type { DbOrTx } from '../db/client.ts';
import type { UserRow } from '../db/schema/index.ts';
import { Forbidden } from '../errors.ts';
import { requireConversationAccess } from '../access/index.ts';
import type { Context } from '../context.ts';
import * as repo from './repo.ts';

/**
 * The other participants' positions and whether they share, or undefined when the conversation has
 * more participants than receipts are kept for (at most one row past the bound is read).
 */
async function otherReaders(db: DbOrTx, conversationId: string, userId: string) {
  const rows = await repo.otherParticipantReads(db, conversationId, userId, READ_RECEIPTS_PARTICIPANTS_MAX);
  // The caller is a participant too, so READ_RECEIPTS_PARTICIPANTS_MAX others is one too many.
  return rows.length >= READ_RECEIPTS_PARTICIPANTS_MAX ? undefined : rows;
}

const NOT_A_PARTICIPANT = 'Only the participants of a conversation see how far the others have read';

/**
 * GET /api/conversations/{id}/reads: the other participants' read positions. Anyone
 * who may not read the conversation gets its 404; a reader who is no participant (a channel they
 * only follow, an admin) a 403.
 */
export async function conversationReads(ctx: Context, user: UserRow, id: string): Promise<ConversationReads> {
  const { isParticipant } = await requireConversationAccess(ctx.db, user, id, 'read');
  if (!isParticipant) throw new Forbidden(NOT_A_PARTICIPANT);
  const others = user.shareReadReceipts ? await otherReaders(ctx.db, id, user.id) : undefined;
  if (!others) return { enabled: false, reads: [] };
  return {
    enabled: true,
    reads: others.filter((r) => r.shares).map(({ userId, lastReadSeq }) => ({ userId, lastReadSeq })),
  };
}

/**
 * Moves a participant's read position up to `seq`, never past the newest message nor backwards
 * (the read call, and the history page when it shows the newest page). When it moved, the other
 * participants who share receipts hear of it, if the reader shares them too.
 */
export async function moveReadPosition(
  ctx: Pick<Context, 'db' | 'bus'>,
  conversationId: string,
  reader: Pick<UserRow, 'id' | 'shareReadReceipts'>,
  seq: number,
): Promise<void> {
  const lastReadSeq = await repo.markReadUpTo(ctx.db, conversationId, reader.id, seq);
  if (lastReadSeq === undefined || !reader.shareReadReceipts) return;
  const others = await otherReaders(ctx.db, conversationId, reader.id);
  const recipientIds = (others ?? []).filter((r) => r.shares).map((r) => r.userId);
  if (recipientIds.length === 0) return;
  // A single write that has committed: the event may leave at once.
  ctx.bus.publish('conversation:read', { conversationId, userId: reader.id, lastReadSeq, recipientIds });
}

/**
 * R-RECEIPT-8: a participant turned sharing off or on again (PUT /api/profile). The other
 * participants who share, in every conversation small enough for receipts, have their open
 * screens corrected at once: the position is withdrawn, or restored where it stands now.
 */
export async function announceSharingChange(
  ctx: Pick<Context, 'db' | 'bus'>,
  userId: string,
  shares: boolean,
): Promise<void> {
  const conversations = await repo.ownReadsWithSharingOthers(ctx.db, userId, READ_RECEIPTS_PARTICIPANTS_MAX);
  for (const { conversationId, lastReadSeq, recipientIds } of conversations) {
    if (recipientIds.length === 0) continue;
    // The setting has committed (a single write): the events may leave at once.
    if (shares) ctx.bus.publish('conversation:read', { conversationId, userId, lastReadSeq, recipientIds });
    else ctx.bus.publish('conversation:read-withdrawn', { conversationId, userId, recipientIds });
  }
}
