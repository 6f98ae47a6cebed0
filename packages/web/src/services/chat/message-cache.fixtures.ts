/** Test data for the message cache and the stores built on it. */
import type { Message } from '@stoop/shared';

let n = 0;
/** A message with increasing id, createdAt and seq; overrides win. */
export function makeMessage(overrides: Partial<Message> = {}): Message {
  n += 1;
  // One millisecond apart, always later than the one before: the web files share one page, so the
  // counter runs on from earlier files, and a clock that wrapped would put a newer message first.
  const createdAt = new Date(Date.UTC(2025, 2, 3, 12, 0, 0) + n).toISOString();
  return {
    id: `m${String(n).padStart(6, '0')}`,
    userId: 'u1',
    conversationId: 'c1',
    parentMessageId: null,
    createdAt,
    updatedAt: createdAt,
    deletedAt: null,
    content: `message ${n}`,
    likedBy: [],
    replies: [],
    fileUrl: null,
    fileName: null,
    fileType: null,
    fileSize: null,
    thumbnailUrl: null,
    metadata: { userFlaggedBy: [], adminFlaggedBy: [], mentionedUsers: [], adminHidden: false },
    clientMessageId: null,
    pollId: null,
    eventId: null,
    seq: n,
    ...overrides,
  };
}
