import type { Conversation } from '@stoop/shared';
import { conversationAbilities, type AbilityViewer } from '../access/index.ts';
import type { ConversationRow } from '../db/schema/index.ts';
import { fileUrl } from '../files/urls.ts';
import type { ConversationStats } from './repo.ts';

/**
 * The one shape of a conversation, for `viewer` (their abilities). Broadcast copies
 * (socket events) carry unreadCount 0 because the count is per viewer: clients keep their own count
 * when merging an event; their abilities are set per variant (conversations/sockets.ts).
 */
export function presentConversation(
  row: ConversationRow,
  participants: string[],
  stats: ConversationStats | undefined,
  viewer: AbilityViewer,
): Conversation {
  const { lastMessageAt, unreadCount } = stats ?? { lastMessageAt: null, unreadCount: 0 };
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
    lastMessageAt: lastMessageAt ? lastMessageAt.toISOString() : null,
    metadata: { adminFlaggedBy: row.adminFlaggedBy, adminHidden: row.adminHidden },
    unreadCount,
    abilities: conversationAbilities(viewer, row),
  };
}
