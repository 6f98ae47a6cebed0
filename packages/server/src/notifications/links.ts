import type { ConversationRow } from '../db/schema/index.ts';

/** Web routes (packages/web routes/paths.ts), built here because a notification carries its link. */
const MAIN = '/main_dashboard';
export const ANNOUNCEMENTS_LINK = `${MAIN}/announcements`;
export const HOME_LINK = `${MAIN}/chat-intro`;

/** Opens the message: in its thread when it is a reply, else in its conversation, scrolled to it. */
export function messageLink(
  conversation: Pick<ConversationRow, 'id' | 'type'>,
  message: { id: string; parentMessageId: string | null },
): string {
  const anchor = `#message-${encodeURIComponent(message.id)}`;
  if (message.parentMessageId)
    return `${MAIN}/thread/${encodeURIComponent(message.parentMessageId)}${anchor}`;
  return `${MAIN}/conversations/${conversation.type}/${encodeURIComponent(conversation.id)}${anchor}`;
}

/** "#general" for a channel, "a direct message" otherwise: the place, in a few words. */
export function placeOf(conversation: Pick<ConversationRow, 'type' | 'name'>): string {
  return conversation.type === 'channel' ? `#${conversation.name}` : 'a direct message';
}

/** Opens a building request on the resident's requests screen. */
export const requestLink = (requestId: string) => `${MAIN}/requests/${encodeURIComponent(requestId)}`;
