/**
 * Chat calls (R-API-0) on the typed client of the shared
 * route table: paths, bodies and answers come from @stoop/shared's api table, so the types here
 * are the server's own.
 */
import type {
  Conversation,
  ConversationDetails,
  ConversationReads,
  Message,
  MessagesPage,
  PublicUser,
  SyncResult,
  Thread,
  SearchResult,
  ReportReason,
} from '@stoop/shared';
import { MESSAGE_PAGE_SIZE } from '@stoop/shared/constants';
import { callApi } from '../http/client.ts';
import { uploadApi, type UploadOptions } from '../http/upload.ts';
import { takeEarlyFirstPage } from './early-reads.ts';

export type { ConversationDetails, MessagesPage, Thread };
export type SyncPage = SyncResult;

/**
 * Where a page of GET /api/conversations/{id}/messages starts: none for the newest page, before
 * or after a message's (createdAt, id), or around one message (a jump).
 */
export type PageCursor =
  { beforeDate: string; beforeId: string } | { afterDate: string; afterId: string } | { around: string };

export interface SendMessageInput {
  content: string;
  clientMessageId: string;
  parentMessageId?: string | null;
  file?: File | null;
}

export interface ChannelInput {
  name: string;
  description: string;
  icon?: File | null;
}

const ADMIN_CHANNEL_CALLS = {
  'admin-flag-channel': 'flagChannel',
  'admin-unflag-channel': 'unflagChannel',
  'admin-hide-channel': 'hideChannel',
} as const;

/** The message of a message call; an answer without a body (an older server) gives null. */
const messageOf = (answer: { message: Message } | undefined): Message | null => answer?.message ?? null;

export const chatApi = {
  async listConversations(): Promise<Conversation[]> {
    return (await callApi('listConversations')).conversations;
  },

  async getDetails(conversationId: string): Promise<ConversationDetails> {
    return callApi('getConversationDetails', { params: { id: conversationId } });
  },

  async createDirect(otherUserId: string): Promise<Conversation> {
    // XHR keeps the status text for the error texts (see upload.ts).
    const body = { type: 'direct' as const, participantIds: [otherUserId] };
    return (await uploadApi('createConversation', { body })).conversation;
  },

  async createChannel(input: ChannelInput): Promise<Conversation> {
    const form = new FormData();
    form.set('type', 'channel');
    form.set('name', input.name);
    form.set('description', input.description);
    if (input.icon) form.set('icon', input.icon);
    return (await uploadApi('createConversation', { body: form })).conversation;
  },

  async updateConversation(conversationId: string, input: Partial<ChannelInput>): Promise<Conversation> {
    const form = new FormData();
    if (input.name !== undefined) form.set('name', input.name);
    if (input.description !== undefined) form.set('description', input.description);
    if (input.icon) form.set('icon', input.icon);
    return (await callApi('updateConversation', { params: { id: conversationId }, body: form })).conversation;
  },

  async deleteConversation(conversationId: string): Promise<void> {
    await callApi('deleteConversation', { params: { id: conversationId } });
  },

  /**
   * Moves the read position up to `seq` (the newest message the resident has seen); `keepalive`
   * lets the call finish after the page is gone.
   */
  async markRead(conversationId: string, seq: number, keepalive = false): Promise<void> {
    await callApi('markConversationRead', { params: { id: conversationId }, body: { seq }, keepalive });
  },

  /** R-RECEIPT-2: how far the other participants have read. */
  async conversationReads(conversationId: string): Promise<ConversationReads> {
    return callApi('getConversationReads', { params: { id: conversationId } });
  },

  async adminChannel(
    conversationId: string,
    action: 'admin-flag-channel' | 'admin-unflag-channel' | 'admin-hide-channel',
  ): Promise<void> {
    await callApi(ADMIN_CHANNEL_CALLS[action], { params: { id: conversationId } });
  },

  async fetchMessages(conversationId: string, cursor?: PageCursor): Promise<MessagesPage> {
    const early = cursor ? null : takeEarlyFirstPage(conversationId);
    const page = await (early ??
      callApi('getMessages', {
        params: { id: conversationId },
        query: { limit: MESSAGE_PAGE_SIZE, ...cursor },
      }));
    // The flags are read as booleans even from an answer that leaves one out.
    return { ...page, hasMore: page.hasMore === true, hasNewer: page.hasNewer === true };
  },

  /**
   * Send. With a file: multipart through XHR, so the composer can show upload progress. Text only:
   * a JSON body, which the server parses in a fraction of a multipart form's time
   * (docs/decisions/0010-json-text-sends.md).
   */
  async sendMessage(
    conversationId: string,
    input: SendMessageInput,
    options: UploadOptions = {},
  ): Promise<Message> {
    const params = { id: conversationId };
    if (input.file) {
      const form = new FormData();
      form.set('content', input.content);
      form.set('clientMessageId', input.clientMessageId);
      if (input.parentMessageId) form.set('parentMessageId', input.parentMessageId);
      form.set('file', input.file);
      return (await uploadApi('sendMessage', { params, body: form }, options)).message;
    }
    const body: { content: string; clientMessageId: string; parentMessageId?: string } = {
      content: input.content,
      clientMessageId: input.clientMessageId,
    };
    if (input.parentMessageId) body.parentMessageId = input.parentMessageId;
    return (await callApi('sendMessage', { params, body })).message;
  },

  async like(messageId: string): Promise<Message | null> {
    return messageOf(await callApi('likeMessage', { params: { id: messageId } }));
  },

  async unlike(messageId: string): Promise<Message | null> {
    return messageOf(await callApi('unlikeMessage', { params: { id: messageId } }));
  },

  /** Adds (or with `add` false takes back) the caller's emoji reaction. */
  async react(messageId: string, emoji: string, add: boolean): Promise<Message | null> {
    return messageOf(
      add
        ? await callApi('addReaction', { params: { id: messageId }, body: { emoji } })
        : await callApi('removeReaction', { params: { id: messageId, emoji } }),
    );
  },

  /** Takes the link's card off the caller's own message. */
  async removeLinkPreview(messageId: string): Promise<Message | null> {
    return messageOf(await callApi('removeLinkPreview', { params: { id: messageId } }));
  },

  async editMessage(messageId: string, content: string): Promise<Message | null> {
    return messageOf(await callApi('editMessage', { params: { id: messageId }, body: { content } }));
  },

  async deleteMessage(messageId: string): Promise<Message | null> {
    return messageOf(await callApi('deleteMessage', { params: { id: messageId } }));
  },

  async flagMessage(
    conversationId: string,
    messageId: string,
    report: { reason?: ReportReason; note?: string } = {},
  ): Promise<Message | null> {
    return messageOf(
      await callApi('flagMessage', { params: { id: conversationId }, body: { messageId, ...report } }),
    );
  },

  /** Withdraws the caller's own report. */
  async withdrawFlag(conversationId: string, messageId: string): Promise<Message | null> {
    return messageOf(await callApi('withdrawFlag', { params: { id: conversationId, messageId } }));
  },

  async getThread(messageId: string): Promise<Thread> {
    return callApi('getThread', { params: { id: messageId } });
  },

  async search(q: string): Promise<SearchResult> {
    return callApi('searchMessages', { query: { q } });
  },

  async sync(after: number): Promise<SyncPage> {
    return callApi('sync', { query: { after } });
  },

  async listUsers(): Promise<PublicUser[]> {
    return (await callApi('listUsers')).users;
  },
};
