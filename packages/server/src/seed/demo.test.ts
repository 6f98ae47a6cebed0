import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { ENUMERATED_PROFILE_FIELDS, isProfileOption, type User } from '@stoop/shared';
import { users } from '../db/schema/index.ts';
import { createTestApp, sessionFor, type TestApp } from '../test/helpers.ts';
import { call } from '../test/http.ts';
import { credentialsBox, ensureAdmin } from './admin.ts';
import { seedDemo } from './demo.ts';
import { DEMO_PASSWORD, DEMO_RESIDENTS } from './residents.ts';

// First boot is about an empty community: every test starts from a fresh one.
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const userCount = async () => Number((await t.db.select({ n: count() }).from(users))[0]?.n ?? 0);

describe('first boot and demo seed', () => {
  it('issue: first boot without ADMIN_PASSWORD creates admin@stoop.local with a generated password, once', async () => {
    const first = await ensureAdmin(t.db, {});
    expect(first).toMatchObject({
      created: true,
      user: { email: 'admin@stoop.local', role: 'admin', isLocked: false },
    });
    expect(first.generatedPassword?.length).toBeGreaterThanOrEqual(12);
    expect(credentialsBox(first.user.email, first.generatedPassword!)).toContain(first.generatedPassword);
    const login = await t.app.inject({ method: 'GET', url: '/api/csrf-token' });
    const cookie = `stoop_csrf=${login.cookies.find((c) => c.name === 'stoop_csrf')!.value}`;
    const res = await call(
      t.app,
      'POST',
      '/api/login',
      { email: 'admin@stoop.local', password: first.generatedPassword },
      {
        cookie,
        'x-csrf-token': login.json<{ csrfToken: string }>().csrfToken,
      },
    );
    expect(res.statusCode).toBe(200);
    const second = await ensureAdmin(t.db, {
      ADMIN_EMAIL: 'other@example.com',
      ADMIN_PASSWORD: 'whatever123',
    });
    expect(second).toEqual({ user: first.user, created: false });
  });

  it('R-OPS-17: instances that start together create one admin, and every one of them starts', async () => {
    const starts = await Promise.all([ensureAdmin(t.db, {}), ensureAdmin(t.db, {}), ensureAdmin(t.db, {})]);
    expect(starts.filter((start) => start.created)).toHaveLength(1);
    expect(new Set(starts.map((start) => start.user.id)).size).toBe(1);
    expect(await userCount()).toBe(1);
  });

  it('issue: ADMIN_EMAIL/ADMIN_PASSWORD are used when set', async () => {
    const fresh = await createTestApp();
    try {
      const made = await ensureAdmin(fresh.db, {
        ADMIN_EMAIL: 'boss@example.com',
        ADMIN_PASSWORD: 'given password',
      });
      expect(made).toMatchObject({ created: true, user: { email: 'boss@example.com' } });
      expect(made.generatedPassword).toBeUndefined();
    } finally {
      await fresh.close();
    }
    // A fresh app (its own database, migrated) is a hook's work, so it gets a hook's time.
  }, 60_000);

  it('R-OPS-4: at least 12 varied approved residents, one pending, one admin-locked; idempotent', async () => {
    const { user: admin } = await ensureAdmin(t.db, {});
    const { residents } = await seedDemo(t.app, { admin });
    const after = await userCount();
    await seedDemo(t.app, { admin });
    expect(await userCount()).toBe(after);
    expect(residents.filter((r) => !r.isLocked).length).toBeGreaterThanOrEqual(12);
    expect(residents.filter((r) => r.lockReason === 'pending_approval')).toHaveLength(1);
    expect(residents.filter((r) => r.lockReason === 'admin_lock')).toHaveLength(1);
    // Profiles are filled and varied.
    expect(new Set(residents.map((r) => r.metadata.work)).size).toBeGreaterThan(8);
    expect(residents.every((r) => r.description.length > 0 && r.metadata.interests.length > 0)).toBe(true);
    const headers = await sessionFor(t.app, admin);
    const pending = await call(t.app, 'GET', '/api/admin/users?status=pending_approval', undefined, headers);
    expect(pending.json<{ users: User[] }>().users.map((u) => u.username)).toEqual(['Grace']);
    expect(DEMO_RESIDENTS.length).toBe(residents.length);
    expect(DEMO_PASSWORD.length).toBeGreaterThanOrEqual(8);
  });

  it('R-OPS-4: the demo seed posts markdown announcements once', async () => {
    const { user: admin } = await ensureAdmin(t.db, {});
    const { residents } = await seedDemo(t.app, { admin });
    await seedDemo(t.app, { admin });
    const reader = residents.find((r) => !r.isLocked)!;
    const res = await call(t.app, 'GET', '/api/announcements', undefined, await sessionFor(t.app, reader));
    const page = res.json<{
      data: { title: string; body: string; pinned: boolean; read: boolean }[];
      total: number;
    }>();
    expect(page.total).toBe(3);
    expect(page.data[0]).toMatchObject({
      title: 'Welcome to Maple Court on Stoop',
      pinned: true,
      read: false,
    });
    expect(page.data.some((a) => a.body.includes('**'))).toBe(true);
  });

  it('R-OPS-4: the demo seed asks the movie-night poll and files two office requests, once', async () => {
    const { user: admin } = await ensureAdmin(t.db, {});
    const { residents } = await seedDemo(t.app, { admin });
    await seedDemo(t.app, { admin });
    const office = await sessionFor(t.app, admin);
    const requests = (await call(t.app, 'GET', '/api/requests', undefined, office)).json<{
      data: { title: string; status: string }[];
      total: number;
    }>();
    expect(requests.total).toBe(2);
    expect(requests.data.map((r) => r.status).sort()).toEqual(['in_progress', 'open']);
    const reader = await sessionFor(
      t.app,
      residents.find((r) => !r.isLocked)!,
    );
    const search = await call(t.app, 'GET', '/api/messages/search?q=movie%20night%20film', undefined, reader);
    const hit = search.json<{ messages: { pollId: string | null }[] }>().messages.find((m) => m.pollId);
    expect(hit, search.body).toBeDefined();
    const poll = await call(t.app, 'GET', `/api/polls/${hit!.pollId}`, undefined, reader);
    expect(poll.json<{ poll: { voterCount: number; question: string } }>().poll).toMatchObject({
      question: 'Movie night on Friday: which film?',
      voterCount: 3,
    });
  });

  it('R-OPS-4: the demo seed spreads a month of history over days and hours, with pictures and one urgent notice, once', async () => {
    const { user: admin } = await ensureAdmin(t.db, {});
    await seedDemo(t.app, { admin });
    await seedDemo(t.app, { admin });
    const spreadAnswer: unknown = await t.db.execute(
      sql`select count(distinct date_trunc('day', m.created_at))::int as days,
        count(distinct extract(hour from m.created_at))::int as hours,
        extract(day from now() - min(m.created_at))::int as oldest,
        count(f.id) filter (where f.thumbnail_key is not null)::int as pictures
        from messages m left join files f on f.id = m.file_id`,
    );
    const spread = spreadAnswer as {
      rows: { days: number; hours: number; oldest: number; pictures: number }[];
    };
    const row = spread.rows[0]!;
    expect(row.days).toBeGreaterThanOrEqual(20);
    expect(row.hours).toBeGreaterThanOrEqual(10);
    expect(row.oldest).toBeGreaterThanOrEqual(29);
    expect(row.pictures).toBe(3);
    const urgentAnswer: unknown = await t.db.execute(
      sql`select count(*)::int as n from announcements where urgent`,
    );
    const urgent = urgentAnswer as { rows: { n: number }[] };
    expect(urgent.rows[0]?.n).toBe(1);
  });

  it('R-PROFILE-2: the seeded profiles use only the allowed option values', () => {
    for (const resident of DEMO_RESIDENTS) {
      for (const field of ENUMERATED_PROFILE_FIELDS) {
        const value = resident.metadata[field];
        if (value !== undefined && value !== null) expect(isProfileOption(field, value), value).toBe(true);
      }
    }
  });
});
