/**
 * The approval screen's calls: the paged account list, bulk approval, rejecting a sign-up, and the
 * rule that the community always keeps an active admin.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  BULK_APPROVE_MAX,
  TEXTS,
  adminUsersPageSchema,
  bulkApproveResponseSchema,
  type User,
} from '@stoop/shared';
import { auditLog, users } from '../db/schema/index.ts';
import {
  createTestApp,
  makeAdmin,
  makeUser,
  readOutbox,
  sessionFor,
  type AuthHeaders,
  type TestApp,
} from '../test/helpers.ts';
import { call, expectError } from '../test/http.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
let adminHeaders: AuthHeaders;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t.app, { username: 'Ada Admin' });
  adminHeaders = await sessionFor(t.app, admin);
});
afterAll(async () => t.close());

const post = (url: string, body?: unknown, headers: Record<string, string> = adminHeaders) =>
  call(t.app, 'POST', url, body, headers);
const list = async (query: string) => {
  const res = await call(t.app, 'GET', `/api/admin/users${query}`, undefined, adminHeaders);
  expect(res.statusCode, res.body).toBe(200);
  return adminUsersPageSchema.parse(res.json());
};
const auditOf = async (targetId: string) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, targetId))).map((a) => a.action);

describe('R-ADMIN-11 GET /api/admin/users: filters, search, order and paging', () => {
  it('pages with limit and offset and counts every match in total', async () => {
    const tag = `Pager${Date.now().toString(36)}`;
    for (const n of [1, 2, 3]) await makeUser(t.app, { username: `${tag} ${n}`, locked: true });
    const first = await list(`?q=${tag}&limit=2&offset=0`);
    expect(first.total).toBe(3);
    expect(first.users.map((u) => u.username)).toEqual([`${tag} 1`, `${tag} 2`]);
    const second = await list(`?q=${tag}&limit=2&offset=2`);
    expect(second.users.map((u) => u.username)).toEqual([`${tag} 3`]);
  });

  it('role=admin lists the admins; sort=signup puts the longest waiting first', async () => {
    const admins = await list('?role=admin');
    expect(admins.users.every((u) => u.role === 'admin')).toBe(true);
    expect(admins.users.map((u) => u.id)).toContain(admin.id);
    const tag = `Queue${Date.now().toString(36)}`;
    const zed = await makeUser(t.app, { username: `${tag} Zed`, locked: true });
    const amy = await makeUser(t.app, { username: `${tag} Amy`, locked: true });
    const queue = await list(`?status=pending_approval&q=${tag}&sort=signup`);
    expect(queue.users.map((u) => u.id)).toEqual([zed.id, amy.id]);
    const byName = await list(`?status=pending_approval&q=${tag}`);
    expect(byName.users.map((u) => u.id)).toEqual([amy.id, zed.id]);
  });

  it.each([
    ['role', '?role=owner'],
    ['sort', '?sort=age'],
    ['limit', '?limit=0'],
  ])('validation: 400 naming %s', async (field, query) => {
    expectError(await call(t.app, 'GET', `/api/admin/users${query}`, undefined, adminHeaders), 400, {
      field,
    });
  });
});

describe('R-ADMIN-12 POST /api/admin/users/approve (bulk)', () => {
  it('approves every listed account, audits each, mails each and answers the unknown ids', async () => {
    const a = await makeUser(t.app, { locked: true });
    const b = await makeUser(t.app, { locked: true });
    const bHeaders = await sessionFor(t.app, b);
    const gone = '0190c0c0-0000-7000-8000-000000000000';
    const res = await post('/api/admin/users/approve', { ids: [a.id, b.id, a.id, gone] });
    expect(res.statusCode, res.body).toBe(200);
    const body = bulkApproveResponseSchema.parse(res.json());
    expect(body.users.map((u) => [u.id, u.isLocked])).toEqual([
      [a.id, false],
      [b.id, false],
    ]);
    expect(body.notFound).toEqual([gone]);
    expect(await auditOf(a.id)).toEqual(['approve']);
    expect(await auditOf(b.id)).toEqual(['approve']);
    // R-SESSION-9: the approved resident's very next call succeeds.
    expect((await call(t.app, 'GET', '/api/users', undefined, bHeaders)).statusCode).toBe(200);
    const mails = (await readOutbox(t.app)).filter((m) => m.to === a.email || m.to === b.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Your Stoop account is approved',
      'Your Stoop account is approved',
    ]);
  });

  it.each([
    ['ids', {}],
    ['ids', { ids: [] }],
    ['ids.0', { ids: ['not-a-uuid'] }],
    ['ids', { ids: Array.from({ length: BULK_APPROVE_MAX + 1 }, () => crypto.randomUUID()) }],
  ])('validation: 400 naming %s', async (field, body) => {
    expectError(await post('/api/admin/users/approve', body), 400, { field });
  });
});

describe('R-ADMIN-13 POST /api/admin/users/{id}/reject', () => {
  it('removes a waiting sign-up, ends its session, audits with the name and mails the message', async () => {
    const applicant = await makeUser(t.app, { locked: true, username: 'Not A Resident' });
    const applicantHeaders = await sessionFor(t.app, applicant);
    // Cached session first: the removal must still apply to the very next call (R-SESSION-9).
    expect((await call(t.app, 'GET', '/api/protected/user', undefined, applicantHeaders)).statusCode).toBe(
      200,
    );
    const res = await post(`/api/admin/users/${applicant.id}/reject`, { message: 'You do not live here.' });
    expect(res.statusCode, res.body).toBe(204);
    expect(await t.db.select().from(users).where(eq(users.id, applicant.id))).toEqual([]);
    expectError(await call(t.app, 'GET', '/api/protected/user', undefined, applicantHeaders), 401);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'reject'));
    expect(entries.find((e) => e.details.username === 'Not A Resident')).toMatchObject({
      actorId: admin.id,
      targetUserId: null,
      details: { username: 'Not A Resident', email: applicant.email, message: 'You do not live here.' },
    });
    const mail = (await readOutbox(t.app)).filter((m) => m.to === applicant.email).at(-1);
    expect(mail?.subject).toBe('Your Stoop sign-up was not approved');
    expect(mail?.text).toContain('You do not live here.');
  });

  it('the message is optional; the email can sign up again afterwards', async () => {
    const applicant = await makeUser(t.app, { locked: true });
    expect((await post(`/api/admin/users/${applicant.id}/reject`)).statusCode).toBe(204);
    const again = await call(
      t.app,
      'POST',
      '/api/signup',
      { email: applicant.email, password: 'a-long-password', username: 'Second Try', acceptTerms: true },
      (await import('../test/helpers.ts')).csrfHeaders(t.app),
    );
    expect(again.statusCode, again.body).toBe(201);
  });

  it('an account that is not waiting, or was ever let in, is 409 and stays', async () => {
    const active = await makeUser(t.app);
    expectError(await post(`/api/admin/users/${active.id}/reject`), 409, { message: TEXTS.rejectNotPending });
    const adminLocked = await makeUser(t.app, { reason: 'admin_lock' });
    expectError(await post(`/api/admin/users/${adminLocked.id}/reject`), 409);
    // Approved once, then sent back to the queue by a lock without a reason.
    const returning = await makeUser(t.app, { locked: true });
    await post(`/api/admin/users/${returning.id}/approve`);
    await post(`/api/admin/users/${returning.id}/lock`);
    expectError(await post(`/api/admin/users/${returning.id}/reject`), 409, {
      message: TEXTS.rejectNotPending,
    });
    expect((await t.db.select().from(users).where(eq(users.id, returning.id))).length).toBe(1);
  });

  it('validation: a long message is 400 naming message; a missing account 404', async () => {
    const applicant = await makeUser(t.app, { locked: true });
    expectError(await post(`/api/admin/users/${applicant.id}/reject`, { message: 'x'.repeat(1001) }), 400, {
      field: 'message',
    });
    expectError(await post('/api/admin/users/0190c0c0-0000-7000-8000-000000000000/reject'), 404);
  });
});

describe('R-ADMIN-14 the community keeps an active admin', () => {
  // These tests lock and demote admins: each runs in a community of its own, with one other admin.
  let shared: TestApp;
  beforeEach(async () => {
    shared = t;
    t = await createTestApp();
    await makeAdmin(t.app, { username: 'Another Admin' });
  });
  afterEach(async () => {
    await t.close();
    t = shared;
  });

  /** Locks every other active admin, so `keeper` is the only one who can act. */
  async function leaveOnly(keeper: AuthHeaders, keeperId: string) {
    const res = await call(t.app, 'GET', '/api/admin/users?role=admin&status=unlocked', undefined, keeper);
    for (const other of res.json<{ users: User[] }>().users.filter((u) => u.id !== keeperId)) {
      const locked = await call(
        t.app,
        'POST',
        `/api/admin/users/${other.id}/lock`,
        { reason: 'admin_lock' },
        keeper,
      );
      expect(locked.statusCode, locked.body).toBe(200);
    }
  }

  it('an admin may step down while another active admin remains', async () => {
    const leaving = await makeAdmin(t.app);
    const res = await post(
      `/api/admin/users/${leaving.id}/role`,
      { role: 'resident' },
      await sessionFor(t.app, leaving),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: User }>().user.role).toBe('resident');
  });

  it('the last active admin cannot step down (409), and of two admins demoting each other at once one is refused', async () => {
    const x = await makeAdmin(t.app);
    const y = await makeAdmin(t.app);
    const xHeaders = await sessionFor(t.app, x);
    const yHeaders = await sessionFor(t.app, y);
    await leaveOnly(xHeaders, x.id);
    // Only x is active now.
    expectError(await post(`/api/admin/users/${x.id}/role`, { role: 'resident' }, xHeaders), 409, {
      code: 'CONFLICT',
      message: TEXTS.lastAdmin,
    });
    expect((await post(`/api/admin/users/${y.id}/unlock`, undefined, xHeaders)).statusCode).toBe(200);
    const [xDemotesY, yDemotesX] = await Promise.all([
      post(`/api/admin/users/${y.id}/role`, { role: 'resident' }, xHeaders),
      post(`/api/admin/users/${x.id}/role`, { role: 'resident' }, yHeaders),
    ]);
    const statuses = [xDemotesY.statusCode, yDemotesX.statusCode].sort();
    // The second is refused as the last admin (409), or, when it starts after the first commits,
    // because its caller is no longer an admin (403).
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const active = await t.db.select().from(users).where(eq(users.role, 'admin'));
    expect(active.filter((u) => !u.isLocked).length).toBe(1);
  });

  it('of two admins locking each other at once, one is refused: an active admin remains', async () => {
    const p = await makeAdmin(t.app);
    const q = await makeAdmin(t.app);
    const pHeaders = await sessionFor(t.app, p);
    const qHeaders = await sessionFor(t.app, q);
    await leaveOnly(pHeaders, p.id);
    expect((await post(`/api/admin/users/${q.id}/unlock`, undefined, pHeaders)).statusCode).toBe(200);
    const results = await Promise.all([
      post(`/api/admin/users/${q.id}/lock`, { reason: 'admin_lock' }, pHeaders),
      post(`/api/admin/users/${p.id}/lock`, { reason: 'admin_lock' }, qHeaders),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(200);
    // 409 as the last admin, or 403 ACCOUNT_LOCKED when it starts after the other lock committed.
    expect([403, 409]).toContain(statuses[1]);
    const admins = await t.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins.filter((u) => !u.isLocked).length).toBe(1);
  });
});
