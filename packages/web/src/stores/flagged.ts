/**
 * The admins' flagged-content queue: a page of it, and what an admin does with an
 * item. The screen keeps the page it shows; a refusal is thrown for it to word as a toast.
 */
import type { FlaggedItem, FlaggedPage } from '@stoop/shared';
import { FLAGGED_PAGE_SIZE, moderationApi } from '../services/api/moderation-api.ts';

export { FLAGGED_PAGE_SIZE };

export type FlaggedAction = 'dismiss' | 'hide' | 'delete' | 'lock';

export const loadFlaggedPage = (page: number): Promise<FlaggedPage> => moderationApi.flagged(page);

/** Hides a message from residents or shows it again. */
export async function setMessageHidden(messageId: string, hidden: boolean): Promise<void> {
  if (hidden) await moderationApi.hide(messageId);
  else await moderationApi.unhide(messageId);
}

/** Dismisses the flags, hides or deletes the message, or locks its author. */
export async function actOnFlagged(action: FlaggedAction, item: FlaggedItem): Promise<void> {
  const id = item.message.id;
  if (action === 'dismiss') await moderationApi.dismiss(id);
  else if (action === 'hide') await moderationApi.hide(id);
  else if (action === 'delete') await moderationApi.deleteMessage(id);
  else await moderationApi.lockAuthor(item.author.id);
}
