/**
 * Conversation activity store: the persisted list (services/chat/activity.ts) behind a zustand store so
 * the chat intro re-renders when a conversation is used. Chat code calls `record(id, type)` when
 * the resident opens or writes in a conversation.
 */
import { create } from 'zustand';
import type { ConversationType } from '@stoop/shared';
import {
  loadActivities,
  recordInteraction,
  removeActivity,
  saveActivities,
  summarizeActivities,
  type ActivitySummary,
  type ConversationActivity,
  ACTIVITY_STORAGE_KEY,
} from '../services/chat/activity.ts';
import { storage } from '../services/storage/storage.ts';

interface ActivityState {
  activities: ConversationActivity[];
  /** Re-reads the stored list (at start and after sign-in). */
  load: () => void;
  record: (conversationId: string, conversationType: ConversationType) => void;
  remove: (conversationId: string) => void;
  clear: () => void;
  summary: () => ActivitySummary;
}

export const useActivityStore = create<ActivityState>()((set, get) => ({
  activities: [],
  load() {
    set({ activities: loadActivities() });
  },
  record(conversationId, conversationType) {
    const activities = recordInteraction(get().activities, conversationId, conversationType);
    saveActivities(activities);
    set({ activities });
  },
  remove(conversationId) {
    const activities = removeActivity(get().activities, conversationId);
    saveActivities(activities);
    set({ activities });
  },
  clear() {
    storage.remove(ACTIVITY_STORAGE_KEY);
    set({ activities: [] });
  },
  summary() {
    return summarizeActivities(get().activities);
  },
}));
