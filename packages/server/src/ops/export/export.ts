import type { Db } from '../../db/client.ts';
import {
  exportAnnouncements,
  exportConversations,
  exportMessagesOf,
  exportParticipants,
  exportUsers,
} from './repo.ts';

export type ExportOptions = {
  /** Direct conversations are private between their participants; only on explicit request. */
  includeDirectMessages: boolean;
};

type Row<F extends (...args: never[]) => PromiseLike<unknown[]>> = Awaited<ReturnType<F>>[number];

export type CommunityExport = {
  format: 'stoop-export';
  version: 1;
  exportedAt: string;
  includesDirectMessages: boolean;
  users: Row<typeof exportUsers>[];
  conversations: (Row<typeof exportConversations> & { participantIds?: string[] })[];
  messages: Row<typeof exportMessagesOf>[];
  announcements: Row<typeof exportAnnouncements>[];
};

/**
 * The community as one JSON document: accounts without password hashes or settings,
 * channels with their messages (deleted ones left out), announcements. Direct conversations and
 * their messages only with includeDirectMessages. Sessions, reset links, push tokens and other
 * secrets are never part of it.
 */
export async function exportCommunity(db: Db, options: ExportOptions): Promise<CommunityExport> {
  const types: ('channel' | 'direct')[] = options.includeDirectMessages ? ['channel', 'direct'] : ['channel'];
  const conversationRows = await exportConversations(db, types);
  const directIds = conversationRows.filter((c) => c.type === 'direct').map((c) => c.id);
  const participants = directIds.length > 0 ? await exportParticipants(db, directIds) : [];
  const conversations = conversationRows.map((c) =>
    c.type === 'direct'
      ? { ...c, participantIds: participants.filter((p) => p.conversationId === c.id).map((p) => p.userId) }
      : c,
  );
  const messages: CommunityExport['messages'] = [];
  for (const conversation of conversationRows)
    messages.push(...(await exportMessagesOf(db, conversation.id)));
  return {
    format: 'stoop-export',
    version: 1,
    exportedAt: new Date().toISOString(),
    includesDirectMessages: options.includeDirectMessages,
    users: await exportUsers(db),
    conversations,
    messages,
    announcements: await exportAnnouncements(db),
  };
}
