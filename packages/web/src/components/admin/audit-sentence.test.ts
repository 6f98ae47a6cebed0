import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@stoop/shared';
import { auditSentence } from './audit-sentence.ts';
import { waitedFor } from './waited.ts';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 'e1',
  actorId: 'a1',
  actorName: 'Ada',
  action: 'approve',
  targetUserId: 'b1',
  targetName: 'Bob',
  details: {},
  createdAt: '2026-03-03T10:00:00.000Z',
  ...overrides,
});

describe('R-ADMIN-17 audit entries as sentences', () => {
  it.each([
    [{ action: 'approve' }, 'Ada approved Bob'],
    [{ action: 'lock', details: { reason: 'admin_lock' } }, 'Ada locked Bob'],
    [{ action: 'lock', details: { reason: 'pending_approval' } }, 'Ada sent Bob back to approval'],
    [{ action: 'unlock' }, 'Ada unlocked Bob'],
    [{ action: 'message.dismiss-flags' }, 'Ada dismissed the flags on a message by Bob'],
    [{ action: 'message.hide' }, 'Ada hid a message by Bob'],
    [{ action: 'message.delete' }, 'Ada deleted a message by Bob'],
    [
      { action: 'channel.hide', targetUserId: null, targetName: null, details: { name: 'general' } },
      'Ada hid channel #general',
    ],
    [
      {
        action: 'billing.plan',
        targetUserId: null,
        targetName: null,
        details: { from: 'community', to: 'campus' },
      },
      'Ada changed the plan from community to campus',
    ],
    [{ action: 'role', details: { role: 'admin' } }, 'Ada made Bob an admin'],
    // R-REQ-8: status changes of building requests.
    [
      { action: 'request.status', details: { from: 'open', to: 'in_progress' } },
      'Ada marked a request of Bob in progress',
    ],
    [{ action: 'request.cancel' }, 'Ada cancelled a request'],
    [{ action: 'role', details: { role: 'resident' } }, 'Ada removed the admin role of Bob'],
    [{ action: 'role', targetUserId: 'a1', details: { role: 'resident' } }, 'Ada stepped down as admin'],
    [
      { action: 'reject', targetUserId: null, targetName: null, details: { username: 'Mallory' } },
      'Ada rejected the sign-up of Mallory',
    ],
    [{ action: 'set_user' }, 'Ada started acting as Bob'],
    [
      {
        action: 'announcement.create',
        targetUserId: null,
        targetName: null,
        details: { title: 'Boiler day' },
      },
      'Ada posted the announcement “Boiler day”',
    ],
    [
      { action: 'channel.hide', targetUserId: null, targetName: null, details: { name: 'general' } },
      'Ada hid channel #general',
    ],
    [
      { action: 'admin-flag-channel', targetUserId: null, targetName: null, details: {} },
      'Ada flagged a channel',
    ],
    [{ action: 'message.hide', targetUserId: null, targetName: null }, 'Ada hid a message'],
    [{ action: 'something.new', targetUserId: null, targetName: null }, 'Ada: something.new'],
    [
      { action: 'approve', actorName: null, targetName: null },
      'a removed account approved a removed account',
    ],
  ] as const)('%o → %s', (overrides, sentence) => {
    expect(auditSentence(entry(overrides as Partial<AuditEntry>))).toBe(sentence);
  });
});

describe('R-ADMIN-16 how long a sign-up waited', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it.each([
    ['2026-03-10T11:59:30Z', 'less than a minute'],
    ['2026-03-10T11:59:00Z', '1 minute'],
    ['2026-03-10T09:00:00Z', '3 hours'],
    ['2026-03-09T12:00:00Z', '1 day'],
    ['2026-02-20T12:00:00Z', '2 weeks'],
  ])('%s → %s', (since, text) => {
    expect(waitedFor(since, now)).toBe(text);
  });
});
