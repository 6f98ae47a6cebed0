/**
 * Flagged content for admins over the shared route table. Types only from
 * @stoop/shared, so no zod reaches the first load.
 */
import type { FlaggedPage, Message } from '@stoop/shared';
import { callApi } from '../http/client.ts';

export const FLAGGED_PAGE_SIZE = 20;

export const moderationApi = {
  flagged(page: number): Promise<FlaggedPage> {
    return callApi('listFlagged', { query: { page, limit: FLAGGED_PAGE_SIZE } });
  },
  async dismiss(messageId: string): Promise<Message> {
    return (await callApi('dismissFlagged', { params: { id: messageId } })).message;
  },
  async hide(messageId: string): Promise<Message> {
    return (await callApi('hideMessage', { params: { id: messageId } })).message;
  },
  async unhide(messageId: string): Promise<Message> {
    return (await callApi('unhideMessage', { params: { id: messageId } })).message;
  },
  async deleteMessage(messageId: string): Promise<void> {
    await callApi('deleteMessage', { params: { id: messageId } });
  },
  /** Locks the author through the admin lock call (audited there), as an admin lock. */
  async lockAuthor(userId: string): Promise<void> {
    await callApi('lockUser', { params: { id: userId }, body: { reason: 'admin_lock' } });
  },
};
