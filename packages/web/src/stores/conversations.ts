/**
 * Conversation state (R-USER-12): the list, the
 * active conversation the router guard sets (R-GUARD-7), unread counts, presence and typing, and the
 * calls that change conversations with their R-CONV-3 optimism and error texts.
 */
import { create } from 'zustand';
import type { Conversation } from '@stoop/shared';
import { TEXTS } from '@stoop/shared/texts';
import { isApiError } from '../services/http/client.ts';
import { chatApi, type ChannelInput, type ConversationDetails } from '../services/api/chat-api.ts';
import { logger } from '../services/logger/logger.ts';
import { toast } from '../services/ui/toast.ts';
import { compareOrdinal } from '../services/chat/us-dates.ts';
import { DetailedApiError } from '../services/http/client.ts';
import { useAuthStore } from './auth.ts';

/** How long a typing notice stays without a fresh one. */
export const TYPING_TTL_MS = 5000;

export interface TypingUser {
  userId: string;
  username: string;
  expiresAt: number;
}

type AdminAction = 'flag' | 'unflag' | 'hide';

/**
 * What was unread in the open conversation when it was opened: the count the list had, and the
 * first unread message as the server's read position says (the newest page of the visit tells it).
 */
interface UnreadOnOpen {
  conversationId: string;
  count: number;
  firstUnreadId?: string;
}

export interface ConversationsState {
  activeConversationId: string | null;
  /**
   * How many messages were unread in the open conversation when it was opened, so the
   * list draws its "New messages" line above the first of them (kept after markRead zeroes the count).
   */
  unreadOnOpen: UnreadOnOpen | null;
  conversations: Conversation[];
  /** The list has been fetched at least once. */
  loaded: boolean;
  loading: boolean;
  online: ReadonlySet<string>;
  /** conversationId → userId → who is typing there. */
  typing: Record<string, Record<string, TypingUser>>;
  /** GET /api/conversations/{id}/details, by conversation id. */
  details: Record<string, ConversationDetails>;

  setActiveConversation: (conversationId: string | null) => void;
  /** Fetches the list; false when it failed (the toast is shown here). */
  loadConversations: () => Promise<boolean>;
  /** Loads the details panel data; null (and a toast) on failure. */
  loadDetails: (conversationId: string) => Promise<ConversationDetails | null>;
  upsertConversation: (conversation: Conversation) => void;
  removeConversation: (conversationId: string) => void;
  createChannel: (input: ChannelInput) => Promise<Conversation | null>;
  createDirect: (otherUserId: string) => Promise<Conversation | null>;
  /** R-ERR-7: failure returns null. */
  updateConversation: (conversationId: string, input: Partial<ChannelInput>) => Promise<Conversation | null>;
  deleteConversation: (conversationId: string) => Promise<boolean>;
  adminChannel: (conversationId: string, action: AdminAction) => Promise<boolean>;
  /**
   * A new message elsewhere: counts as unread unless its conversation is open and shows it. An
   * open conversation read back in history (`outOfView`) does not show it, so it counts there too.
   */
  noteIncomingMessage: (
    conversationId: string,
    createdAt: string,
    fromSelf: boolean,
    outOfView?: boolean,
  ) => void;
  markRead: (conversationId: string) => void;
  /**
   * The open conversation's newest page says how many were unread before it read them;
   * it decides the "New messages" line when nothing else has (a reload, where the page can come
   * before the conversation list, which then finds nothing unread).
   */
  noteUnreadOnOpen: (conversationId: string, count: number, firstUnreadId?: string) => void;
  /** The whole online set (a socket's first `presence`), replacing what was held. */
  setPresence: (online: readonly string[]) => void;
  /** One window's changes (`presence:changed`); the rest of the set stays as it was. */
  applyPresenceChange: (online: readonly string[], offline: readonly string[]) => void;
  addTyping: (conversationId: string, userId: string, username: string) => void;
  expireTyping: (now?: number) => void;
  /** A resident's message arrived: they have stopped typing there, whatever their last notice said. */
  stopTyping: (conversationId: string, userId: string) => void;
  reset: () => void;
}

const byRecency = (a: Conversation, b: Conversation) =>
  compareOrdinal(b.lastMessageAt ?? b.updatedAt, a.lastMessageAt ?? a.updatedAt);

/** The error texts for a failed create; the channel has its own fallbacks. */
function createErrorText(error: unknown, kind: 'channel' | 'direct'): string {
  const serverMessage = error instanceof DetailedApiError ? error.serverMessage : undefined;
  if (serverMessage) return serverMessage;
  if (isApiError(error) && error.status === 409) {
    return kind === 'channel' ? TEXTS.channelNameTaken : TEXTS.conversationNameTaken;
  }
  const statusText = error instanceof DetailedApiError ? error.statusText : '';
  if (statusText) return TEXTS.createConversationFailedStatus(statusText);
  return kind === 'channel' ? TEXTS.createChannelFailed : TEXTS.createConversationFailed;
}

let typingTimer: ReturnType<typeof setTimeout> | undefined;

const initialState = () => ({
  activeConversationId: null,
  unreadOnOpen: null as { conversationId: string; count: number } | null,
  conversations: [] as Conversation[],
  loaded: false,
  loading: false,
  online: new Set<string>() as ReadonlySet<string>,
  typing: {} as Record<string, Record<string, TypingUser>>,
  details: {} as Record<string, ConversationDetails>,
});

/**
 * What arrived live while a list load was in flight. The list's answer may predate a conversation
 * created, or postdate one removed, in the meantime; the live word is newer, so it wins.
 */
interface LiveDuringLoad {
  upserted: Map<string, Conversation>;
  removed: Set<string>;
}
let liveDuringLoad: LiveDuringLoad | null = null;
/** Only the latest list load applies its answer: an older one may arrive after it. */
let latestLoad = 0;

export const useConversationsStore = create<ConversationsState>()((set, get) => {
  const replace = (conversation: Conversation) =>
    set({
      conversations: [conversation, ...get().conversations.filter((c) => c.id !== conversation.id)].sort(
        byRecency,
      ),
    });

  const withUnread = (conversationId: string, change: (count: number) => number) =>
    set({
      conversations: get().conversations.map((c) =>
        c.id === conversationId ? { ...c, unreadCount: change(c.unreadCount) } : c,
      ),
    });

  const scheduleTypingExpiry = () => {
    if (typingTimer !== undefined) clearTimeout(typingTimer);
    const all = Object.values(get().typing).flatMap((users) => Object.values(users));
    if (all.length === 0) return;
    const next = Math.min(...all.map((t) => t.expiresAt));
    typingTimer = setTimeout(() => get().expireTyping(), Math.max(0, next - Date.now()));
  };

  return {
    ...initialState(),

    setActiveConversation: (conversationId) => {
      const unread = get().conversations.find((c) => c.id === conversationId)?.unreadCount ?? 0;
      set({
        activeConversationId: conversationId,
        unreadOnOpen: conversationId ? { conversationId, count: unread } : null,
      });
      // Opening a conversation reads it.
      if (conversationId) get().markRead(conversationId);
    },

    noteUnreadOnOpen: (conversationId, count, firstUnreadId) => {
      const { activeConversationId, unreadOnOpen } = get();
      if (conversationId !== activeConversationId || count <= 0) return;
      const current = unreadOnOpen?.conversationId === conversationId ? unreadOnOpen : null;
      // The first answer of the visit holds: a later page names what arrived while it was open.
      if (current?.firstUnreadId) return;
      set({
        unreadOnOpen: {
          conversationId,
          count: current && current.count > 0 ? current.count : count,
          ...(firstUnreadId ? { firstUnreadId } : {}),
        },
      });
    },

    loadConversations: async () => {
      const load = ++latestLoad;
      liveDuringLoad = { upserted: new Map(), removed: new Set() };
      set({ loading: true });
      try {
        const listed = await chatApi.listConversations();
        if (load !== latestLoad) return true;
        const live = liveDuringLoad;
        const fromList = live
          ? listed.filter((c) => !live.removed.has(c.id) && !live.upserted.has(c.id))
          : listed;
        const list = [...fromList, ...(live ? live.upserted.values() : [])];
        const active = get().activeConversationId;
        // Opened before the list arrived (a reload): the list tells how much was unread there.
        const openedUnread = list.find((c) => c.id === active)?.unreadCount ?? 0;
        if (active && openedUnread > 0 && !get().unreadOnOpen?.count)
          set({ unreadOnOpen: { conversationId: active, count: openedUnread } });
        set({
          conversations: list.map((c) => (c.id === active ? { ...c, unreadCount: 0 } : c)).sort(byRecency),
          loaded: true,
        });
        return true;
      } catch (error) {
        if (load !== latestLoad) return false;
        logger.error('Failed to load conversations', error);
        toast.error(isApiError(error) ? error.message : 'Could not load your conversations.', {
          id: 'conversations-load',
        });
        return false;
      } finally {
        if (load === latestLoad) {
          liveDuringLoad = null;
          set({ loading: false });
        }
      }
    },

    loadDetails: async (conversationId) => {
      try {
        const details = await chatApi.getDetails(conversationId);
        set({ details: { ...get().details, [conversationId]: details } });
        replace(
          details.conversation.id === get().activeConversationId
            ? { ...details.conversation, unreadCount: 0 }
            : details.conversation,
        );
        return details;
      } catch (error) {
        toast.error(isApiError(error) ? error.message : 'Could not load the conversation details.');
        return null;
      }
    },

    upsertConversation: (conversation) => {
      liveDuringLoad?.upserted.set(conversation.id, conversation);
      liveDuringLoad?.removed.delete(conversation.id);
      const isActive = conversation.id === get().activeConversationId;
      replace(isActive ? { ...conversation, unreadCount: 0 } : conversation);
    },

    removeConversation: (conversationId) => {
      liveDuringLoad?.removed.add(conversationId);
      liveDuringLoad?.upserted.delete(conversationId);
      set({
        conversations: get().conversations.filter((c) => c.id !== conversationId),
        ...(get().activeConversationId === conversationId ? { activeConversationId: null } : {}),
      });
    },

    createChannel: async (input) => {
      try {
        const conversation = await chatApi.createChannel(input);
        replace(conversation);
        return conversation;
      } catch (error) {
        toast.error(createErrorText(error, 'channel'));
        return null;
      }
    },

    createDirect: async (otherUserId) => {
      const me = useAuthStore.getState().user;
      // Not while signed out, and never with oneself.
      if (!me || me.id === otherUserId) return null;
      // An existing direct conversation between the two is reused.
      const existing = get().conversations.find(
        (c) =>
          c.type === 'direct' &&
          c.participants.length === 2 &&
          c.participants.includes(otherUserId) &&
          c.participants.includes(me.id),
      );
      if (existing) return existing;
      try {
        const conversation = await chatApi.createDirect(otherUserId);
        replace(conversation);
        return conversation;
      } catch (error) {
        toast.error(createErrorText(error, 'direct'));
        return null;
      }
    },

    updateConversation: async (conversationId, input) => {
      try {
        const conversation = await chatApi.updateConversation(conversationId, input);
        replace(conversation);
        const details = get().details[conversationId];
        if (details) set({ details: { ...get().details, [conversationId]: { ...details, conversation } } });
        return conversation;
      } catch (error) {
        logger.warn('Conversation update failed', {
          conversationId,
          status: isApiError(error) ? error.status : 0,
        });
        toast.error(isApiError(error) ? error.message : 'Could not update the channel.');
        return null;
      }
    },

    deleteConversation: async (conversationId) => {
      const before = get().conversations;
      const wasActive = get().activeConversationId === conversationId;
      get().removeConversation(conversationId);
      try {
        await chatApi.deleteConversation(conversationId);
        return true;
      } catch (error) {
        // R-CONV-3: channel deletion rolls back on failure.
        set({ conversations: before, ...(wasActive ? { activeConversationId: conversationId } : {}) });
        toast.error(isApiError(error) ? error.message : 'Could not delete the conversation.');
        return false;
      }
    },

    adminChannel: async (conversationId, action) => {
      const adminId = useAuthStore.getState().user?.id;
      const before = get().conversations.find((c) => c.id === conversationId);
      if (!adminId || !before) return false;
      // Flag adds the admin, unflag clears the list, hide flips adminHidden; all optimistic.
      const metadata =
        action === 'flag'
          ? { ...before.metadata, adminFlaggedBy: [...new Set([...before.metadata.adminFlaggedBy, adminId])] }
          : action === 'unflag'
            ? { ...before.metadata, adminFlaggedBy: [] }
            : { ...before.metadata, adminHidden: !before.metadata.adminHidden };
      set({
        conversations: get().conversations.map((c) => (c.id === conversationId ? { ...c, metadata } : c)),
      });
      try {
        await chatApi.adminChannel(conversationId, `admin-${action}-channel`);
        return true;
      } catch (error) {
        set({ conversations: get().conversations.map((c) => (c.id === conversationId ? before : c)) });
        // The fixed text, with the server's reason (e.g. the channel is gone) below it.
        toast.error(
          TEXTS.channelChangeFailed,
          isApiError(error) ? { description: error.message } : undefined,
        );
        return false;
      }
    },

    noteIncomingMessage: (conversationId, createdAt, fromSelf, outOfView = false) => {
      const current = get().conversations.find((c) => c.id === conversationId);
      if (!current) return;
      const seen = conversationId === get().activeConversationId && !outOfView;
      const unread = fromSelf || seen ? 0 : current.unreadCount + 1;
      const lastMessageAt =
        !current.lastMessageAt || createdAt > current.lastMessageAt ? createdAt : current.lastMessageAt;
      replace({ ...current, unreadCount: fromSelf ? current.unreadCount : unread, lastMessageAt });
    },

    markRead: (conversationId) => withUnread(conversationId, () => 0),

    setPresence: (online) => set({ online: new Set(online) }),

    applyPresenceChange: (online, offline) => {
      const current = get().online;
      if (online.every((id) => current.has(id)) && offline.every((id) => !current.has(id))) return;
      const next = new Set(current);
      for (const id of online) next.add(id);
      for (const id of offline) next.delete(id);
      set({ online: next });
    },

    addTyping: (conversationId, userId, username) => {
      const users = {
        ...get().typing[conversationId],
        [userId]: { userId, username, expiresAt: Date.now() + TYPING_TTL_MS },
      };
      set({ typing: { ...get().typing, [conversationId]: users } });
      scheduleTypingExpiry();
    },

    expireTyping: (now = Date.now()) => {
      const typing: Record<string, Record<string, TypingUser>> = {};
      for (const [conversationId, users] of Object.entries(get().typing)) {
        const alive = Object.fromEntries(Object.entries(users).filter(([, t]) => t.expiresAt > now));
        if (Object.keys(alive).length > 0) typing[conversationId] = alive;
      }
      set({ typing });
      scheduleTypingExpiry();
    },

    stopTyping: (conversationId, userId) => {
      const users = get().typing[conversationId];
      if (!users?.[userId]) return;
      const { [userId]: _stopped, ...rest } = users;
      const typing = { ...get().typing };
      if (Object.keys(rest).length > 0) typing[conversationId] = rest;
      else delete typing[conversationId];
      set({ typing });
    },

    reset: () => {
      if (typingTimer !== undefined) clearTimeout(typingTimer);
      // A load still in flight belongs to the session that ended: its answer must not land.
      latestLoad++;
      liveDuringLoad = null;
      set(initialState());
    },
  };
});
