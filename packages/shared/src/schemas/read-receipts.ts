/** R-RECEIPT: who has read how far in a conversation. */
import { z } from 'zod';

/** One participant's read position: everything up to this created seq (a message's `createdSeq`). */
export const readPositionSchema = z.object({
  userId: z.string(),
  lastReadSeq: z.number().int().nonnegative(),
});

/**
 * GET /api/conversations/{id}/reads: the other participants' read positions. `enabled` is false
 * (and `reads` empty) when the caller does not share receipts themselves, or the conversation has
 * more than READ_RECEIPTS_PARTICIPANTS_MAX participants; those who do not share are left out.
 */
export const conversationReadsSchema = z.object({
  enabled: z.boolean(),
  reads: z.array(readPositionSchema),
});
export type ConversationReads = z.infer<typeof conversationReadsSchema>;
