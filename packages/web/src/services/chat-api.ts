/**
 * Typed chat calls (SPEC 7, DESIGN "Calls the spec does not show") on the one api client. If the
 * server's answers change shape (wrapped `{conversation}` versus a bare object), this file is the
 * one place that adapts: every function unwraps with `pick`.
 */
import type { Conversation, Message, PublicUser } from '@stoop/shared';
import { MESSAGE_PAGE_SIZE } from '@stoop/shared/constants';
import { api } from './api.ts';
import { uploadForm, xhrRequest, type UploadOptions } from './upload.ts';

export interface MessagesPage {
  messages: Message[];
  hasMore: boolean;
  /** Newer messages exist after this page (false for the newest page). */
  hasNewer: boolean;
  conversation: Conversation | null;
}

/**
 * Where a page of GET /api/conversations/{id}/messages starts: none for the newest page, before
 * or after a message's (createdAt, id), or around one message (a jump).
 */
export type PageCursor =
  { beforeDate: string; beforeId: string } | { afterDate: string; afterId: string } | { around: string };

export interface ConversationParticipant {
  id: string;
  username: string;
  avatar: string | null;
  role: string;
}

export interface ConversationDetails {
  conversation: Conversation;
  participants: ConversationParticipant[];
  messageCount: number;
  fileCount: number;
  recentFiles: Message[];
}

export interface Thread {
  conversationId: string;
  parent: Message;
  replies: Message[];
}

export interface SyncPage {
  changes: Message[];
  next: number;
  hasMore: boolean;
}

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

export interface Announcement {
  id: string;
  title: string;
  body: string;
  pinned?: boolean;
  createdAt: string;
}

const enc = encodeURIComponent;

/** `{key: value}` or the bare value, whichever the server sent. */
function pick<T>(body: unknown, key: string): T {
  if (typeof body === 'object' && body !== null && key in body)
    return (body as Record<string, unknown>)[key] as T;
  return body as T;
}

const listOf = <T>(body: unknown, key: string): T[] => {
  const value = pick<unknown>(body, key);
  return Array.isArray(value) ? (value as T[]) : [];
};

export const chatApi = {
  async listConversations(): Promise<Conversation[]> {
    return listOf<Conversation>(await api.get('/api/conversations'), 'conversations');
  },

  async getDetails(conversationId: string): Promise<ConversationDetails> {
    return api.get<ConversationDetails>(`/api/conversations/${enc(conversationId)}/details`);
  },

  async createDirect(otherUserId: string): Promise<Conversation> {
    // XHR keeps the status text for the SPEC 8 error texts (see upload.ts).
    const body = await xhrRequest<unknown>('POST', '/api/conversations', {
      type: 'direct',
      participantIds: [otherUserId],
    });
    return pick<Conversation>(body, 'conversation');
  },

  async createChannel(input: ChannelInput): Promise<Conversation> {
    const form = new FormData();
    form.set('type', 'channel');
    form.set('name', input.name);
    form.set('description', input.description);
    if (input.icon) form.set('icon', input.icon);
    return pick<Conversation>(await xhrRequest<unknown>('POST', '/api/conversations', form), 'conversation');
  },

  async updateConversation(conversationId: string, input: Partial<ChannelInput>): Promise<Conversation> {
    const form = new FormData();
    if (input.name !== undefined) form.set('name', input.name);
    if (input.description !== undefined) form.set('description', input.description);
    if (input.icon) form.set('icon', input.icon);
    return pick<Conversation>(
      await api.patch(`/api/conversations/${enc(conversationId)}`, { body: form }),
      'conversation',
    );
  },

  async deleteConversation(conversationId: string): Promise<void> {
    await api.delete(`/api/conversations/${enc(conversationId)}`);
  },

  /** Moves the read position up to `seq` (the newest message the resident has seen). */
  async markRead(conversationId: string, seq: number): Promise<void> {
    await api.post(`/api/conversations/${enc(conversationId)}/read`, { body: { seq } });
  },

  async adminChannel(
    conversationId: string,
    action: 'admin-flag-channel' | 'admin-unflag-channel' | 'admin-hide-channel',
  ): Promise<void> {
    await api.patch(`/api/conversations/${enc(conversationId)}/${action}`, { body: {} });
  },

  async fetchMessages(conversationId: string, cursor?: PageCursor): Promise<MessagesPage> {
    const query = new URLSearchParams({ limit: String(MESSAGE_PAGE_SIZE), ...cursor });
    const body = await api.get<Partial<MessagesPage> | undefined>(
      `/api/conversations/${enc(conversationId)}/messages?${query.toString()}`,
    );
    return {
      messages: body?.messages ?? [],
      hasMore: body?.hasMore === true,
      hasNewer: body?.hasNewer === true,
      conversation: body?.conversation ?? null,
    };
  },

  /**
   * Send. With a file: multipart through XHR, so the composer can show upload progress. Text only:
   * a JSON body, which the server parses in a fraction of a multipart form's time
   * (docs/decisions/json-text-sends.md).
   */
  async sendMessage(
    conversationId: string,
    input: SendMessageInput,
    options: UploadOptions = {},
  ): Promise<Message> {
    const path = `/api/conversations/${enc(conversationId)}/messages`;
    if (input.file) {
      const form = new FormData();
      form.set('content', input.content);
      form.set('clientMessageId', input.clientMessageId);
      if (input.parentMessageId) form.set('parentMessageId', input.parentMessageId);
      form.set('file', input.file);
      return pick<Message>(await uploadForm(path, form, options), 'message');
    }
    const body: Record<string, string> = { content: input.content, clientMessageId: input.clientMessageId };
    if (input.parentMessageId) body.parentMessageId = input.parentMessageId;
    return pick<Message>(await api.post(path, { body }), 'message');
  },

  async like(messageId: string): Promise<Message | null> {
    return pick<Message | null>((await api.post(`/api/messages/${enc(messageId)}/like`)) ?? null, 'message');
  },

  async unlike(messageId: string): Promise<Message | null> {
    return pick<Message | null>(
      (await api.delete(`/api/messages/${enc(messageId)}/like`)) ?? null,
      'message',
    );
  },

  async editMessage(messageId: string, content: string): Promise<Message | null> {
    return pick<Message | null>(
      (await api.put(`/api/messages/${enc(messageId)}`, { body: { content } })) ?? null,
      'message',
    );
  },

  async deleteMessage(messageId: string): Promise<Message | null> {
    return pick<Message | null>((await api.delete(`/api/messages/${enc(messageId)}`)) ?? null, 'message');
  },

  async flagMessage(conversationId: string, messageId: string): Promise<void> {
    await api.post(`/api/conversations/${enc(conversationId)}/flag`, { body: { messageId } });
  },

  async getThread(messageId: string): Promise<Thread> {
    const body = await api.get<Partial<Thread>>(`/api/messages/${enc(messageId)}/thread`);
    if (!body.parent || typeof body.conversationId !== 'string')
      throw new Error('Thread response had no parent');
    return { conversationId: body.conversationId, parent: body.parent, replies: body.replies ?? [] };
  },

  async search(q: string): Promise<{ messages: Message[]; total: number }> {
    const body = await api.get<{ messages?: Message[]; total?: number }>(
      `/api/messages/search?${new URLSearchParams({ q }).toString()}`,
    );
    const messages = body.messages ?? [];
    return { messages, total: body.total ?? messages.length };
  },

  async sync(after: number): Promise<SyncPage> {
    const body = await api.get<Partial<SyncPage>>(`/api/sync?after=${after}`);
    return { changes: body.changes ?? [], next: body.next ?? after, hasMore: body.hasMore === true };
  },

  async listUsers(): Promise<PublicUser[]> {
    return listOf<PublicUser>(await api.get('/api/users'), 'users');
  },

  async recentAnnouncements(limit: number): Promise<Announcement[]> {
    return listOf<Announcement>(await api.get(`/api/announcements?page=1&limit=${limit}`), 'data');
  },
};
