import { messagesPageSchema, type MessagesPage } from '@stoop/shared';
import type { PageOfTexts } from './service.ts';

const conversationSchema = messagesPageSchema.shape.conversation;

/**
 * The body of GET /api/conversations/{id}/messages as JSON text. The messages are already JSON,
 * written by the database in the shape of presentMessage (repo/present-sql.ts), so they are joined as
 * they are instead of being parsed and serialised again; the conversation goes through its response
 * schema as every other answer does. repo/present-sql.test.ts checks whole pages against
 * messagesPageSchema. docs/decisions/0012-history-page-as-text.md
 */
export function pageBody(page: PageOfTexts): string {
  const conversation: MessagesPage['conversation'] = conversationSchema.parse(page.conversation);
  return (
    `{"messages":[${page.messageTexts.join(',')}],` +
    `"hasMore":${String(page.hasMore)},"hasNewer":${String(page.hasNewer)},` +
    `"conversation":${JSON.stringify(conversation)}` +
    (page.unreadBefore === undefined ? '' : `,"unreadBefore":${page.unreadBefore}`) +
    (page.firstUnreadId === undefined ? '}' : `,"firstUnreadId":${JSON.stringify(page.firstUnreadId)}}`)
  );
}
