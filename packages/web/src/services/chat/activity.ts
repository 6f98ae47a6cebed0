/**
 * Conversation activity (R-USER-6, R-ACTIVITY-1, R-ACTIVITY-6, R-ACTIVITY-2): which conversations a resident uses, persisted locally,
 * and the ranking behind the "top 3 channels / top 3 direct chats" of the chat intro.
 */
import {
  ACTIVITY_INTERACTION_SCALE,
  ACTIVITY_RECENCY_SCALE,
  ACTIVITY_RECENCY_WINDOW_MS,
  ACTIVITY_TOP_PER_TYPE,
  STORED_ACTIVITY_LIFETIME_MS,
  TRACKED_ACTIVITIES_LIMIT,
  type Conversation,
  type ConversationType,
} from '@stoop/shared';
import { storage } from '../storage/storage.ts';

export interface ConversationActivity {
  conversationId: string;
  /** ms since epoch */
  lastInteractedAt: number;
  interactionCount: number;
  conversationType: ConversationType;
}

export interface ActivitySummary {
  total: number;
  channelCount: number;
  directCount: number;
  /** ms since epoch, null when empty */
  oldestInteraction: number | null;
  newestInteraction: number | null;
}

/** Storage key (storage adds the 'tlbot_' prefix); the quota cleanup prunes it after 7 days. */
export const ACTIVITY_STORAGE_KEY = 'conversation_activities';

interface StoredActivities {
  savedAt: number;
  activities: ConversationActivity[];
}

function isActivity(value: unknown): value is ConversationActivity {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.conversationId === 'string' &&
    typeof v.lastInteractedAt === 'number' &&
    Number.isFinite(v.lastInteractedAt) &&
    typeof v.interactionCount === 'number' &&
    v.interactionCount >= 0 &&
    (v.conversationType === 'channel' || v.conversationType === 'direct')
  );
}

/**
 * The stored list, or [] when missing. Discarded when saved more than 720 hours ago; entries
 * last used more than 720 hours ago are dropped; unreadable data is cleared (R-ACTIVITY-6).
 */
export function loadActivities(now: number = Date.now()): ConversationActivity[] {
  const stored = storage.get<unknown>(ACTIVITY_STORAGE_KEY, null);
  if (stored === null) {
    // Missing, or not JSON at all (storage reads both as null): either way nothing to keep, and a
    // text that is not JSON would otherwise stay until the next save.
    storage.remove(ACTIVITY_STORAGE_KEY);
    return [];
  }
  const ok =
    typeof stored === 'object' &&
    'savedAt' in stored &&
    typeof stored.savedAt === 'number' &&
    'activities' in stored &&
    Array.isArray(stored.activities) &&
    stored.activities.every(isActivity);
  if (!ok) {
    storage.remove(ACTIVITY_STORAGE_KEY);
    return [];
  }
  const { savedAt, activities } = stored as StoredActivities;
  if (now - savedAt > STORED_ACTIVITY_LIFETIME_MS) {
    storage.remove(ACTIVITY_STORAGE_KEY);
    return [];
  }
  return activities.filter((a) => now - a.lastInteractedAt <= STORED_ACTIVITY_LIFETIME_MS);
}

export function saveActivities(activities: ConversationActivity[], now: number = Date.now()): boolean {
  return storage.set(ACTIVITY_STORAGE_KEY, { savedAt: now, activities } satisfies StoredActivities);
}

/** Keeps the 50 most recently used; the least recent go first. */
function capActivities(activities: ConversationActivity[]): ConversationActivity[] {
  if (activities.length <= TRACKED_ACTIVITIES_LIMIT) return activities;
  return [...activities]
    .sort((a, b) => b.lastInteractedAt - a.lastInteractedAt)
    .slice(0, TRACKED_ACTIVITIES_LIMIT);
}

/** Counts one interaction with a conversation at `now`. */
export function recordInteraction(
  activities: ConversationActivity[],
  conversationId: string,
  conversationType: ConversationType,
  now: number = Date.now(),
): ConversationActivity[] {
  const existing = activities.find((a) => a.conversationId === conversationId);
  const updated: ConversationActivity = {
    conversationId,
    conversationType,
    lastInteractedAt: now,
    interactionCount: (existing?.interactionCount ?? 0) + 1,
  };
  const rest = activities.filter((a) => a.conversationId !== conversationId);
  return capActivities([...rest, updated]);
}

export function removeActivity(
  activities: ConversationActivity[],
  conversationId: string,
): ConversationActivity[] {
  return activities.filter((a) => a.conversationId !== conversationId);
}

export function summarizeActivities(activities: ConversationActivity[]): ActivitySummary {
  const times = activities.map((a) => a.lastInteractedAt);
  return {
    total: activities.length,
    channelCount: activities.filter((a) => a.conversationType === 'channel').length,
    directCount: activities.filter((a) => a.conversationType === 'direct').length,
    oldestInteraction: times.length ? Math.min(...times) : null,
    newestInteraction: times.length ? Math.max(...times) : null,
  };
}

/**
 * Ranking score: recency decays linearly to 0 over 7 days, scaled by 1000, plus
 * 100 × ln(interactions + 1).
 */
export function activityScore(activity: ConversationActivity, now: number = Date.now()): number {
  const age = Math.max(0, now - activity.lastInteractedAt);
  const recency = Math.max(0, 1 - age / ACTIVITY_RECENCY_WINDOW_MS);
  return (
    ACTIVITY_RECENCY_SCALE * recency + ACTIVITY_INTERACTION_SCALE * Math.log(activity.interactionCount + 1)
  );
}

/** The part of a conversation the ranking needs. */
export type RankableConversation = Pick<Conversation, 'id' | 'type'> & {
  metadata: Pick<Conversation['metadata'], 'adminHidden'>;
};

export interface TopConversations<C extends RankableConversation> {
  channel: C[];
  direct: C[];
}

/**
 * The top 3 channels and top 3 direct chats by score. Conversations hidden by an admin, and
 * activities of conversations the viewer no longer has, are left out.
 */
export function topConversations<C extends RankableConversation>(
  activities: ConversationActivity[],
  conversations: readonly C[],
  now: number = Date.now(),
): TopConversations<C> {
  const byId = new Map(conversations.map((c) => [c.id, c]));
  const ranked = activities
    .map((a) => ({ conversation: byId.get(a.conversationId), score: activityScore(a, now) }))
    .filter(
      (r): r is { conversation: C; score: number } =>
        r.conversation !== undefined && !r.conversation.metadata.adminHidden,
    )
    .sort((a, b) => b.score - a.score);
  const pick = (type: ConversationType) =>
    ranked
      .filter((r) => r.conversation.type === type)
      .slice(0, ACTIVITY_TOP_PER_TYPE)
      .map((r) => r.conversation);
  return { channel: pick('channel'), direct: pick('direct') };
}
