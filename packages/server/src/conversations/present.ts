import type { Conversation } from '@stoop/shared';
import type { ConversationRow } from '../db/schema/index.ts';
import { fileUrl } from '../files/urls.ts';
import type { ConversationStats } from './repo.ts';

/**
 * The one shape of a conversation. Broadcast copies (socket events) carry unreadCount 0 because the
 * count is per viewer: clients keep their own count when merging an event.
 */
export function presentConversation(
  row: ConversationRow,
  participants: string[],
  stats: ConversationStats = { lastMessageAt: null, unreadCount: 0 },
): Conversation {
  return {
    id: row.id,
    type: row.type,
    participants,
    name: row.name,
    description: row.description,
    icon: row.iconFileId ? fileUrl(row.iconFileId) : null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastMessageAt: stats.lastMessageAt ? stats.lastMessageAt.toISOString() : null,
    metadata: { adminFlaggedBy: row.adminFlaggedBy, adminHidden: row.adminHidden },
    unreadCount: stats.unreadCount,
  };
}
