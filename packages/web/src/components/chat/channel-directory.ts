/** The channel directory of the Browse channels dialog as pure functions: who is in what, and the search. */
import type { Conversation } from '@stoop/shared';

export interface ChannelListing {
  conversation: Conversation;
  /** Participants: whoever created the channel or has written in it. */
  memberCount: number;
  joined: boolean;
}

/**
 * Every channel the viewer can see (GET /api/conversations lists them all, joined or not),
 * alphabetical, narrowed to those whose name or description contains `query`.
 */
export function channelDirectory(
  conversations: readonly Conversation[],
  meId: string | null,
  query: string,
): ChannelListing[] {
  const needle = query.trim().toLocaleLowerCase();
  return conversations
    .filter((c) => c.type === 'channel')
    .filter(
      (c) =>
        !needle ||
        c.name.toLocaleLowerCase().includes(needle) ||
        c.description.toLocaleLowerCase().includes(needle),
    )
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }))
    .map((conversation) => ({
      conversation,
      memberCount: conversation.participants.length,
      joined: meId !== null && conversation.participants.includes(meId),
    }));
}

export const memberCountText = (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`;
