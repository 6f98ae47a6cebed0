import { WEB_PATHS, messagePath } from '@stoop/shared/web-paths';
import type { ConversationRow } from '../db/schema/index.ts';

/** The app's pages a notification, mail or push links to (the scheme: @stoop/shared web-paths.ts). */
export const ANNOUNCEMENTS_LINK = WEB_PATHS.announcements;
export const HOME_LINK = WEB_PATHS.chatIntro;

/** Opens the message: in its thread when it is a reply, else in its conversation, scrolled to it. */
export const messageLink = (
  conversation: Pick<ConversationRow, 'id' | 'type'>,
  message: { id: string; parentMessageId: string | null },
): string => messagePath(conversation, message);

/** "#general" for a channel, "a direct message" otherwise: the place, in a few words. */
export function placeOf(conversation: Pick<ConversationRow, 'type' | 'name'>): string {
  return conversation.type === 'channel' ? `#${conversation.name}` : 'a direct message';
}

/** Opens a building request on the resident's requests screen. */
export const requestLink = WEB_PATHS.request;
