/** Small hooks and helpers shared by the chat screens; they read stores, never call fetch. */
import { useEffect } from 'react';
import type { Conversation } from '@stoop/shared';
import { DASHBOARD_PATHS } from '../../navigation/paths.ts';
import { connectSocket } from '../../realtime/socket.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import { useMutesStore } from '../../stores/mutes.ts';
import { useOutboxStore } from '../../stores/outbox.ts';
import { useUsersStore, type UsersState } from '../../stores/users.ts';
import { formatUsTime } from '../../services/chat/us-dates.ts';
import { runInTurns } from '../../services/device/idle.ts';

/**
 * Opens the socket and loads the conversation list, directory and mutes once per session, and
 * restores the offline outbox.
 */
export function useChatBootstrap(): void {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  // viewing as someone, the server refuses the socket, their conversations, mutes and
  // sends and allows the directory; asking for the rest would only toast refusals.
  const viewingAs = useAuthStore((s) => s.viewer !== null);
  useEffect(() => {
    if (!userId) return;
    if (viewingAs) return runInTurns([() => void useUsersStore.getState().loadUsers()]);
    // One task each: together they are a long task on a phone while the page starts.
    return runInTurns([
      () => void connectSocket(),
      () => {
        const conversations = useConversationsStore.getState();
        if (!conversations.loaded && !conversations.loading) void conversations.loadConversations();
      },
      () => void useUsersStore.getState().loadUsers(),
      () => {
        if (!useMutesStore.getState().loaded) void useMutesStore.getState().load();
      },
      // Sends composed offline before a reload come back and go out.
      () => void useOutboxStore.getState().restore(),
    ]);
  }, [userId, viewingAs]);
}

export const conversationPath = (conversation: Pick<Conversation, 'id' | 'type'>) =>
  conversation.type === 'channel'
    ? DASHBOARD_PATHS.channel(conversation.id)
    : DASHBOARD_PATHS.direct(conversation.id);

/** The other participant of a direct conversation. */
export const otherParticipant = (conversation: Conversation, meId: string | null) =>
  conversation.participants.find((id) => id !== meId) ?? conversation.participants[0] ?? null;

/** What a conversation is called for this viewer: a direct chat is named after the other resident. */
export function conversationTitle(
  conversation: Conversation,
  meId: string | null,
  users: UsersState['byId'],
): string {
  if (conversation.type === 'channel') return conversation.name;
  const other = otherParticipant(conversation, meId);
  return (other ? users[other]?.username : undefined) ?? (conversation.name || 'Direct message');
}

export function useConversationTitle(conversation: Conversation | null): string {
  const meId = useAuthStore((s) => s.user?.id ?? null);
  const users = useUsersStore((s) => s.byId);
  return conversation ? conversationTitle(conversation, meId, users) : '';
}

export const formatTime = (iso: string) => formatUsTime(new Date(iso));

export function formatBytes(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
