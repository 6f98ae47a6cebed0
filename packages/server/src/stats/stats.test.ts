import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingResponseSchema, statsResponseSchema, type StatsResponse } from '@stoop/shared';
import {
  announcementReads,
  announcements,
  auditLog,
  conversationParticipants,
  conversations,
  files,
  messageFlags,
  messages,
  sessions,
  users,
} from '../db/schema/index.ts';
import { call, expectError } from '../test/http.ts';
import {
  createTestApp,
  csrfHeaders,
  makeAdmin,
  makeUser,
  sessionFor,
  type AuthHeaders,
  type TestApp,
} from '../test/helpers.ts';
import { dailySeries, utcMidnight, utcMonthStart } from './service.ts';

const DAY_MS = 24 * 3600 * 1000;
/** Midnight UTC `days` ago, plus a time of day: every seeded row sits at a known UTC day and hour. */
const daysAgo = (days: number, hour = 12, minute = 0) =>
  new Date(utcMidnight(new Date()).getTime() - days * DAY_MS + (hour * 60 + minute) * 60_000);
const dayKey = (date: Date) => date.toISOString().slice(0, 10);

let t: TestApp;
let admin: AuthHeaders;
let resident: AuthHeaders;
let locked: AuthHeaders;
const ids: Record<'general' | 'garden' | 'secret' | 'direct' | 'flaggedMessage', string> = {
  general: '',
  garden: '',
  secret: '',
  direct: '',
  flaggedMessage: '',
};
/** The UTC times of every message in the 30-day window (for the month's expected usage). */
const sentAt: Date[] = [];
let seq = 1_000_000;

async function channel(name: string, extra: Partial<typeof conversations.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(conversations)
    .values({ type: 'channel', name, ...extra })
    .returning();
  return row!.id;
}

async function send(conversationId: string, userId: string, createdAt: Date, times = 1, inWindow = true) {
  const rows = [];
  for (let i = 0; i < times; i += 1) {
    seq += 1;
    rows.push({
      conversationId,
      userId,
      content: `m${seq}`,
      createdAt,
      updatedAt: createdAt,
      createdSeq: seq,
    });
    if (inWindow) sentAt.push(createdAt);
  }
  return t.db.insert(messages).values(rows).returning();
}

/**
 * The seeded community (R-STATS-2..7): 7 accounts (5 approved, 1 pending, 1 admin-locked); two open
 * channels, one hidden channel and one direct conversation; 9 messages in the window and 2 before it.
 */
beforeAll(async () => {
  t = await createTestApp();
  const adminRow = await makeAdmin(t.app);
  const r1 = await makeUser(t.app, { username: 'Active Ada' });
  const r2 = await makeUser(t.app, { username: 'Monthly Mo' });
  const r3 = await makeUser(t.app, { username: 'Quiet Quinn' });
  const r4 = await makeUser(t.app, { username: 'Renewed Rae' });
  const pending = await makeUser(t.app, { locked: true, username: 'Pending Pat' });
  await makeUser(t.app, { reason: 'admin_lock', username: 'Locked Lou' });
  // Sessions made now: the admin and r1 are active this week; the pending account is locked.
  admin = await sessionFor(t.app, adminRow);
  resident = await sessionFor(t.app, r1);
  locked = await sessionFor(t.app, pending);
  // r4 signed in 60 days ago and the session was last renewed 20 days ago (expiry = renewal + 30 d).
  await t.db.insert(sessions).values({
    tokenHash: 'r4-session',
    userId: r4.id,
    createdAt: daysAgo(60),
    expiresAt: new Date(daysAgo(20).getTime() + t.config.SESSION_TTL_DAYS * DAY_MS),
  });

  ids.general = await channel('general');
  ids.garden = await channel('garden', { adminFlaggedBy: [adminRow.id] });
  ids.secret = await channel('secret', { adminHidden: true });
  ids.direct = await channel('', { type: 'direct', directKey: [r1.id, r2.id].sort().join(':') });
  await t.db.insert(conversationParticipants).values([
    { conversationId: ids.direct, userId: r1.id },
    { conversationId: ids.direct, userId: r2.id },
  ]);

  const [flagged] = await send(ids.general, r1.id, daysAgo(1, 9, 15), 2);
  await t.db
    .update(messages)
    .set({ userFlaggedBy: [r2.id] })
    .where(eq(messages.id, flagged!.id));
  await t.db.insert(messageFlags).values({ messageId: flagged!.id, userId: r2.id });
  ids.flaggedMessage = flagged!.id;
  await send(ids.general, r2.id, daysAgo(10, 18, 40));
  await send(ids.garden, adminRow.id, daysAgo(2, 9, 5));
  await send(ids.secret, adminRow.id, daysAgo(1, 20, 0), 4);
  await send(ids.direct, r1.id, daysAgo(29, 12, 0));
  // Before the window: a deleted flagged message (not an open flag) and a direct message.
  const [old] = await send(ids.direct, r2.id, daysAgo(35), 1, false);
  await t.db
    .update(messages)
    .set({ deletedAt: daysAgo(34), userFlaggedBy: [r1.id] })
    .where(eq(messages.id, old!.id));
  await send(ids.general, r1.id, daysAgo(35), 1, false);

  const [recent, older] = await t.db
    .insert(announcements)
    .values([
      { title: 'Lift', body: 'Lift repair', createdAt: daysAgo(3) },
      { title: 'Old', body: 'Old news', createdAt: daysAgo(40) },
    ])
    .returning();
  await t.db.insert(announcementReads).values([
    { announcementId: recent!.id, userId: r1.id },
    { announcementId: recent!.id, userId: adminRow.id },
    // Neither counts: a locked reader, and an announcement from before the window.
    { announcementId: recent!.id, userId: pending.id },
    { announcementId: older!.id, userId: r1.id },
  ]);

  // Signups and first approvals: r3 waited 1 day, r4 3 days; r2's approval is before the window.
  await t.db
    .update(users)
    .set({ createdAt: daysAgo(5) })
    .where(eq(users.id, r3.id));
  await t.db
    .update(users)
    .set({ createdAt: daysAgo(10) })
    .where(eq(users.id, r4.id));
  await t.db
    .update(users)
    .set({ createdAt: daysAgo(60) })
    .where(eq(users.id, r2.id));
  const approval = (target: string, at: Date) => ({
    actorId: adminRow.id,
    action: 'approve',
    targetUserId: target,
    createdAt: at,
  });
  await t.db
    .insert(auditLog)
    .values([
      approval(r3.id, daysAgo(4)),
      approval(r4.id, daysAgo(7)),
      approval(r2.id, daysAgo(50)),
      approval(r3.id, daysAgo(1)),
    ]);

  await t.db.insert(files).values([
    { conversationId: ids.general, name: 'a.pdf', mimeType: 'application/pdf', size: 1000, storageKey: 'a' },
    { conversationId: ids.direct, name: 'b.png', mimeType: 'image/png', size: 2500, storageKey: 'b' },
  ]);
});
afterAll(async () => {
  await t.close();
});

async function stats(headers: Record<string, string>, query = ''): Promise<StatsResponse> {
  const res = await call(t.app, 'GET', `/api/stats${query}`, undefined, headers);
  expect(res.statusCode, res.body).toBe(200);
  return statsResponseSchema.parse(res.json());
}

describe('R-STATS-1 GET /api/stats', () => {
  it('R-ACCESS-3: anonymous gets 401 UNAUTHENTICATED', async () => {
    expectError(await call(t.app, 'GET', '/api/stats'), 401, { code: 'UNAUTHENTICATED' });
  });

  it('R-ACCESS-4: a locked user gets 403 ACCOUNT_LOCKED', async () => {
    expectError(await call(t.app, 'GET', '/api/stats', undefined, locked), 403, { code: 'ACCOUNT_LOCKED' });
  });

  it('R-ERR-11: a bad utcOffsetMinutes is 400 naming the field', async () => {
    for (const bad of ['abc', '900', '1.5']) {
      const res = await call(t.app, 'GET', `/api/stats?utcOffsetMinutes=${bad}`, undefined, resident);
      expectError(res, 400, { code: 'VALIDATION_ERROR', field: 'utcOffsetMinutes' });
    }
  });

  it('R-STATS-2: counts accounts, and active ones by messages sent and sessions signed in or renewed', async () => {
    const body = await stats(resident);
    expect(body.residents).toEqual({ total: 7, approved: 5, pending: 1, active7Days: 2, active30Days: 4 });
  });

  it('R-STATS-3: exactly 30 UTC days, oldest first, zeros included', async () => {
    const body = await stats(resident);
    expect(body.windowDays).toBe(30);
    expect(body.messagesPerDay).toHaveLength(30);
    expect(body.messagesPerDay.at(-1)?.day).toBe(dayKey(new Date()));
    expect(body.messagesPerDay[0]?.day).toBe(dayKey(daysAgo(29)));
    const byDay = Object.fromEntries(body.messagesPerDay.map((p) => [p.day, p.messages]));
    expect(byDay[dayKey(daysAgo(1))]).toBe(6);
    expect(byDay[dayKey(daysAgo(2))]).toBe(1);
    expect(byDay[dayKey(daysAgo(10))]).toBe(1);
    expect(byDay[dayKey(daysAgo(29))]).toBe(1);
    expect(body.messagesPerDay.reduce((sum, p) => sum + p.messages, 0)).toBe(9);
  });

  it('R-STATS-4: a resident sees only readable channels, never hidden ones or direct conversations', async () => {
    const body = await stats(resident);
    expect(body.busiestChannels).toEqual([
      { id: ids.general, name: 'general', messages: 3 },
      { id: ids.garden, name: 'garden', messages: 1 },
    ]);
  });

  it('R-STATS-4: an admin also sees hidden channels, still no direct conversation', async () => {
    const body = await stats(admin);
    expect(body.busiestChannels.map((c) => [c.name, c.messages])).toEqual([
      ['secret', 4],
      ['general', 3],
      ['garden', 1],
    ]);
    expect(body.busiestChannels.some((c) => c.id === ids.direct)).toBe(false);
  });

  it('R-STATS-5: 24 hour buckets, in UTC by default and shifted by utcOffsetMinutes', async () => {
    const utc = await stats(resident);
    expect(utc.busiestHours).toHaveLength(24);
    const nonZero = (b: StatsResponse) =>
      Object.fromEntries(b.busiestHours.filter((h) => h.messages > 0).map((h) => [h.hour, h.messages]));
    expect(nonZero(utc)).toEqual({ 9: 3, 12: 1, 18: 1, 20: 4 });
    const shifted = await stats(resident, '?utcOffsetMinutes=120');
    expect(shifted.utcOffsetMinutes).toBe(120);
    expect(nonZero(shifted)).toEqual({ 11: 3, 14: 1, 20: 1, 22: 4 });
  });

  it('R-STATS-6: the read rate of the window’s announcements among approved accounts', async () => {
    const body = await stats(resident);
    expect(body.announcements).toEqual({ published: 1, reads: 2, possibleReads: 5, readRate: 0.4 });
  });

  it('R-STATS-7: a resident gets no moderation figures (the field is absent)', async () => {
    const res = await call(t.app, 'GET', '/api/stats', undefined, resident);
    expect(res.json()).not.toHaveProperty('moderation');
  });

  it('R-STATS-7: an admin gets open flags, flagged channels, approvals waiting and the median wait', async () => {
    const body = await stats(admin);
    expect(body.moderation).toEqual({
      openFlags: 1,
      flaggedChannels: 1,
      approvalsWaiting: 1,
      // r3 waited 1 day and r4 3 days: the median is 2 days.
      medianApprovalSeconds: 2 * 86_400,
      approvalsMeasured: 2,
    });
  });

  it('R-STATS-7, R-ADMIN-8: a dismissed flag is no longer open', async () => {
    const res = await call(
      t.app,
      'POST',
      `/api/admin/messages/${ids.flaggedMessage}/dismiss`,
      undefined,
      admin,
    );
    try {
      expect(res.statusCode).toBe(200);
      expect((await stats(admin)).moderation?.openFlags).toBe(0);
    } finally {
      // The community is shared by the file's tests, in any order: the flag is open again after.
      await t.db.update(messages).set({ flagsReviewedAt: null }).where(eq(messages.id, ids.flaggedMessage));
    }
  });
});

describe('R-STATS-3 dailySeries', () => {
  it('ends on the UTC day of `today`, also just after midnight UTC', () => {
    const series = dailySeries(new Date('2025-03-01T00:05:00Z'), 3, [{ day: '2025-02-27', messages: 4 }]);
    expect(series).toEqual([
      { day: '2025-02-27', messages: 4 },
      { day: '2025-02-28', messages: 0 },
      { day: '2025-03-01', messages: 0 },
    ]);
  });
});

const billing = (headers: Record<string, string>) => call(t.app, 'GET', '/api/billing', undefined, headers);
const setPlan = (body: unknown, headers: Record<string, string>) =>
  call(t.app, 'PUT', '/api/billing/plan', body, headers);

describe('R-BILL-2 GET /api/billing', () => {
  it('R-ACCESS-3, R-ACCESS-4: anonymous 401, locked 403', async () => {
    expectError(await billing({}), 401, { code: 'UNAUTHENTICATED' });
    expectError(await billing(locked), 403, { code: 'ACCOUNT_LOCKED' });
  });

  it('a resident gets the configured plan and the usage against its limits', async () => {
    const res = await billing(resident);
    expect(res.statusCode, res.body).toBe(200);
    const body = billingResponseSchema.parse(res.json());
    expect(body.source).toBe('config');
    expect(body.plan).toMatchObject({ id: 'community', limits: { residents: 50 } });
    const monthStart = utcMonthStart(new Date());
    expect(body.usage).toEqual({
      residents: 5,
      storageBytes: 3500,
      messagesThisMonth: sentAt.filter((d) => d >= monthStart).length,
      monthStart: monthStart.toISOString(),
    });
  });
});

describe('R-BILL-3 PUT /api/billing/plan (admin only)', () => {
  it('R-ACCESS-3: anonymous gets 401, R-ACCESS-4: locked 403, R-ROLE-5: resident 403', async () => {
    expectError(await setPlan({ plan: 'building' }, csrfHeaders(t.app)), 401, { code: 'UNAUTHENTICATED' });
    expectError(await setPlan({ plan: 'building' }, locked), 403, { code: 'ACCOUNT_LOCKED' });
    expectError(await setPlan({ plan: 'building' }, resident), 403, { code: 'FORBIDDEN' });
  });

  it('R-ERR-11: an unknown or missing plan is 400 naming the field', async () => {
    expectError(await setPlan({ plan: 'gold' }, admin), 400, { code: 'VALIDATION_ERROR', field: 'plan' });
    expectError(await setPlan({}, admin), 400, { field: 'plan' });
  });

  it('an admin changes the plan: stored (overriding STOOP_PLAN), audited, and seen by residents', async () => {
    const res = await setPlan({ plan: 'building' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(billingResponseSchema.parse(res.json())).toMatchObject({
      plan: { id: 'building' },
      source: 'database',
    });
    const seen = billingResponseSchema.parse((await billing(resident)).json());
    expect(seen).toMatchObject({ plan: { id: 'building', name: 'Building' }, source: 'database' });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'billing.plan'));
    expect(entry).toMatchObject({ details: { from: 'community', to: 'building' } });
  });
});
