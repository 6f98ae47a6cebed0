import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACTIVITY_RECENCY_WINDOW_MS,
  STORAGE_KEY_PREFIX,
  STORED_ACTIVITY_LIFETIME_MS,
  TRACKED_ACTIVITIES_LIMIT,
} from '@stoop/shared';
import {
  ACTIVITY_STORAGE_KEY,
  activityScore,
  loadActivities,
  recordInteraction,
  removeActivity,
  saveActivities,
  summarizeActivities,
  topConversations,
  type ConversationActivity,
} from './activity.ts';

const NOW = Date.UTC(2025, 5, 1);
const DAY = 24 * 3600 * 1000;
const act = (id: string, type: 'channel' | 'direct', ageMs: number, count: number): ConversationActivity => ({
  conversationId: id,
  conversationType: type,
  lastInteractedAt: NOW - ageMs,
  interactionCount: count,
});
const conv = (id: string, type: 'channel' | 'direct', adminHidden = false) => ({
  id,
  type,
  name: id,
  metadata: { adminHidden },
});

describe('conversation activity', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('R-ACTIVITY-1: the list is persisted locally and read back', () => {
    const list = recordInteraction([], 'c1', 'channel', NOW);
    saveActivities(list, NOW);
    expect(loadActivities(NOW)).toEqual([act('c1', 'channel', 0, 1)]);
  });

  it('R-ACTIVITY-1: discarded if older than 720 hours', () => {
    saveActivities([act('c1', 'channel', 0, 1)], NOW);
    expect(loadActivities(NOW + STORED_ACTIVITY_LIFETIME_MS)).toHaveLength(1);
    expect(loadActivities(NOW + STORED_ACTIVITY_LIFETIME_MS + 1)).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEY_PREFIX + ACTIVITY_STORAGE_KEY)).toBeNull();
    expect(STORED_ACTIVITY_LIFETIME_MS).toBe(720 * 3600 * 1000);
  });

  it('R-ACTIVITY-1: single entries last used over 720 hours ago are dropped', () => {
    saveActivities(
      [act('old', 'channel', STORED_ACTIVITY_LIFETIME_MS + 1, 9), act('new', 'direct', 0, 1)],
      NOW,
    );
    expect(loadActivities(NOW).map((a) => a.conversationId)).toEqual(['new']);
  });

  it('R-ACTIVITY-6: corrupt stored activities are cleared', () => {
    localStorage.setItem(STORAGE_KEY_PREFIX + ACTIVITY_STORAGE_KEY, '{broken');
    expect(loadActivities(NOW)).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEY_PREFIX + ACTIVITY_STORAGE_KEY)).toBeNull();
    saveActivities([{ conversationId: 7 } as unknown as ConversationActivity], NOW);
    expect(loadActivities(NOW)).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEY_PREFIX + ACTIVITY_STORAGE_KEY)).toBeNull();
  });

  it('R-ACTIVITY-2: recording counts interactions and updates lastInteractedAt', () => {
    let list = recordInteraction([], 'c1', 'channel', NOW - DAY);
    list = recordInteraction(list, 'c1', 'channel', NOW);
    expect(list).toEqual([act('c1', 'channel', 0, 2)]);
  });

  it('R-ACTIVITY-2: at most 50 tracked activities, the least recent dropped', () => {
    let list: ConversationActivity[] = [];
    for (let i = 0; i <= TRACKED_ACTIVITIES_LIMIT; i += 1)
      list = recordInteraction(list, `c${i}`, 'channel', NOW + i);
    expect(list).toHaveLength(TRACKED_ACTIVITIES_LIMIT);
    expect(list.some((a) => a.conversationId === 'c0')).toBe(false);
    expect(TRACKED_ACTIVITIES_LIMIT).toBe(50);
  });

  it('R-ACTIVITY-3: remove one entry', () => {
    const list = [act('a', 'channel', 0, 1), act('b', 'direct', 0, 1)];
    expect(removeActivity(list, 'a').map((a) => a.conversationId)).toEqual(['b']);
  });

  it('R-ACTIVITY-3: summary gives totals, channel count, direct count, oldest and newest', () => {
    const list = [act('a', 'channel', 3 * DAY, 1), act('b', 'direct', DAY, 1), act('c', 'channel', 0, 4)];
    expect(summarizeActivities(list)).toEqual({
      total: 3,
      channelCount: 2,
      directCount: 1,
      oldestInteraction: NOW - 3 * DAY,
      newestInteraction: NOW,
    });
    expect(summarizeActivities([])).toEqual({
      total: 0,
      channelCount: 0,
      directCount: 0,
      oldestInteraction: null,
      newestInteraction: null,
    });
  });

  it('R-ACTIVITY-4: recency decays linearly over 7 days, scaled by 1000, plus 100 x ln(interactions + 1)', () => {
    expect(activityScore(act('a', 'channel', 0, 0), NOW)).toBe(1000);
    expect(activityScore(act('a', 'channel', ACTIVITY_RECENCY_WINDOW_MS / 2, 0), NOW)).toBeCloseTo(500);
    expect(activityScore(act('a', 'channel', ACTIVITY_RECENCY_WINDOW_MS * 2, 0), NOW)).toBe(0);
    expect(activityScore(act('a', 'channel', ACTIVITY_RECENCY_WINDOW_MS, 9), NOW)).toBeCloseTo(
      100 * Math.log(10),
    );
  });

  it('R-ACTIVITY-4, R-ACTIVITY-5: top 3 per type, hidden conversations excluded', () => {
    const activities = [
      act('ch1', 'channel', 0, 1),
      act('ch2', 'channel', DAY, 1),
      act('ch3', 'channel', 2 * DAY, 1),
      act('ch4', 'channel', 3 * DAY, 1),
      act('hidden', 'channel', 0, 100),
      act('d1', 'direct', 5 * DAY, 50),
      act('d2', 'direct', 0, 1),
      act('gone', 'direct', 0, 100),
    ];
    const conversations = [
      conv('ch1', 'channel'),
      conv('ch2', 'channel'),
      conv('ch3', 'channel'),
      conv('ch4', 'channel'),
      conv('hidden', 'channel', true),
      conv('d1', 'direct'),
      conv('d2', 'direct'),
    ];
    const top = topConversations(activities, conversations, NOW);
    expect(top.channel.map((c) => c.id)).toEqual(['ch1', 'ch2', 'ch3']);
    expect(top.direct.map((c) => c.id)).toEqual(['d2', 'd1']);
  });
});
