import { describe, expect, it } from 'vitest';
import { titleWithUnread, unreadTotals } from './unread.ts';

describe('unread totals (R-NOTIF-5)', () => {
  const list = [
    { id: 'c1', type: 'channel' as const, unreadCount: 2 },
    { id: 'd1', type: 'direct' as const, unreadCount: 1 },
    { id: 'd2', type: 'direct' as const, unreadCount: 4 },
  ];

  it('adds every conversation, direct ones apart, and skips muted ones', () => {
    expect(unreadTotals(list, new Set())).toEqual({ all: 7, direct: 5 });
    expect(unreadTotals(list, new Set(['d2']))).toEqual({ all: 3, direct: 1 });
  });

  it('titles the tab "(3) Stoop" while something is unread', () => {
    expect(titleWithUnread('Stoop', 3)).toBe('(3) Stoop');
    expect(titleWithUnread('Stoop', 0)).toBe('Stoop');
    expect(titleWithUnread('Stoop', 120)).toBe('(99+) Stoop');
  });
});
