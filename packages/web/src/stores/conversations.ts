/**
 * Conversation state. The router guard only needs the active conversation (SPEC 2); the chat
 * screens extend this store with the lists, details and activity.
 */
import { create } from 'zustand';

export interface ConversationsState {
  activeConversationId: string | null;
  setActiveConversation: (conversationId: string | null) => void;
}

export const useConversationsStore = create<ConversationsState>()((set) => ({
  activeConversationId: null,
  setActiveConversation: (conversationId) => set({ activeConversationId: conversationId }),
}));
