import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { User } from '@stoop/shared';
import { auditLog } from '../db/schema/index.ts';
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
import { createCommunity } from '../test/community.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof makeAdmin>>;
let adminHeaders: AuthHeaders;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t.app);
  adminHeaders = await sessionFor(t.app, admin);
});
afterAll(async () => t.close());

const post = (url: string, body?: unknown, headers: Record<string, string> = adminHeaders) =>
  call(t.app, 'POST', url, body, headers);

describe('GET /api/admin/users', () => {
  it('R-ADMIN-1: filters by status pending_approval, admin_lock and unlocked', async () => {
    // A community of its own: other tests lock accounts too, and the admin_lock list is compared whole.
    const own = await createCommunity({ admin: { role: 'admin' } });
    const ownAdmin = own.people.admin.headers;
    try {
      const pending = await makeUser(own.app, { locked: true });
      const adminLocked = await makeUser(own.app, { reason: 'admin_lock' });
      const active = await makeUser(own.app);
      const ids = async (status: string) =>
        (await call(own.app, 'GET', `/api/admin/users?status=${status}`, undefined, ownAdmin))
          .json<{ users: User[] }>()
          .users.map((u) => u.id);
      expect(await ids('pending_approval')).toContain(pending.id);
      expect(await ids('pending_approval')).not.toContain(adminLocked.id);
      expect(await ids('admin_lock')).toEqual([adminLocked.id]);
      expect(await ids('unlocked')).toContain(active.id);
      expect(await ids('unlocked')).not.toContain(pending.id);
      const all = await call(own.app, 'GET', '/api/admin/users', undefined, ownAdmin);
      expect(all.json<{ users: User[] }>().users.find((u) => u.id === pending.id)).toMatchObject({
        email: pending.email,
        isLocked: true,
      });
    } finally {
      await own.close();
    }
  });

  it('validation: an unknown status gives 400 naming status', async () => {
    expectError(await call(t.app, 'GET', '/api/admin/users?status=pending', undefined, adminHeaders), 400, {
      field: 'status',
    });
  });

  it('R-ACCESS-4, R-ACCESS-3, R-ROLE-5: residents 403, anonymous 401, locked 403 ACCOUNT_LOCKED', async () => {
    const resident = await makeUser(t.app);
    expectError(
      await call(t.app, 'GET', '/api/admin/users', undefined, await sessionFor(t.app, resident)),
      403,
      { code: 'FORBIDDEN' },
    );
    expectError(await call(t.app, 'GET', '/api/admin/users'), 401);
    const lockedAdmin = await makeAdmin(t.app, { reason: 'admin_lock' });
    expectError(
      await call(t.app, 'GET', '/api/admin/users', undefined, await sessionFor(t.app, lockedAdmin)),
      403,
      {
        code: 'ACCOUNT_LOCKED',
      },
    );
  });
});

describe('POST /api/admin/users/{id}/approve|lock|unlock|role', () => {
  it('issue: approval unlocks the resident at once (next call succeeds), is audited and mailed', async () => {
    const pending = await makeUser(t.app, { locked: true });
    const residentHeaders = await sessionFor(t.app, pending);
    expectError(await call(t.app, 'GET', '/api/users', undefined, residentHeaders), 403, {
      code: 'ACCOUNT_LOCKED',
    });
    const res = await post(`/api/admin/users/${pending.id}/approve`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: User }>().user).toMatchObject({ isLocked: false, reasonForLock: null });
    expect((await call(t.app, 'GET', '/api/users', undefined, residentHeaders)).statusCode).toBe(200);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, pending.id));
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([['approve', admin.id]]);
    expect((await readOutbox(t.app)).at(-1)).toMatchObject({
      to: pending.email,
      subject: 'Your Stoop account is approved',
    });
  });

  it('R-USER-2: lock without a reason means pending approval; with admin_lock it keeps the reason', async () => {
    const user = await makeUser(t.app);
    const plain = await post(`/api/admin/users/${user.id}/lock`);
    expect(plain.json<{ user: User }>().user).toMatchObject({
      isLocked: true,
      reasonForLock: 'pending_approval',
    });
    const reasoned = await post(`/api/admin/users/${user.id}/lock`, { reason: 'admin_lock' });
    expect(reasoned.json<{ user: User }>().user).toMatchObject({
      isLocked: true,
      reasonForLock: 'admin_lock',
    });
    const unlocked = await post(`/api/admin/users/${user.id}/unlock`);
    expect(unlocked.json<{ user: User }>().user).toMatchObject({ isLocked: false, reasonForLock: null });
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, user.id))).map(
      (a) => a.action,
    );
    expect(actions).toEqual(['lock', 'lock', 'unlock']);
  });

  it('R-ADMIN-2, R-ADMIN-4: role makes a resident admin and back, audited', async () => {
    const user = await makeUser(t.app);
    expect(
      (await post(`/api/admin/users/${user.id}/role`, { role: 'admin' })).json<{ user: User }>().user.role,
    ).toBe('admin');
    expect(
      (await post(`/api/admin/users/${user.id}/role`, { role: 'resident' })).json<{ user: User }>().user.role,
    ).toBe('resident');
  });

  it('an admin cannot lock themselves (400)', async () => {
    expectError(await post(`/api/admin/users/${admin.id}/lock`, { reason: 'admin_lock' }), 400);
  });

  it.each([
    ['reason', 'lock', { reason: 'because' }],
    ['role', 'role', { role: 'owner' }],
    ['role', 'role', {}],
  ])('validation: 400 naming %s (%s)', async (field, action, body) => {
    const user = await makeUser(t.app);
    expectError(await post(`/api/admin/users/${user.id}/${action}`, body), 400, { field });
  });

  it('validation: a non-UUID id gives 400 naming id; a missing user 404', async () => {
    expectError(await post('/api/admin/users/abc/approve'), 400, { field: 'id' });
    expectError(await post('/api/admin/users/0190c0c0-0000-7000-8000-000000000000/approve'), 404);
  });

  it.each(['approve', 'lock', 'unlock'])(
    'R-ACCESS-3, R-ROLE-5, R-ACCESS-5: %s is refused to residents (403), anonymous (401) and without CSRF (403)',
    async (action) => {
      const target = await makeUser(t.app, { locked: true });
      const resident = await makeUser(t.app);
      expectError(
        await post(`/api/admin/users/${target.id}/${action}`, undefined, await sessionFor(t.app, resident)),
        403,
        { code: 'FORBIDDEN' },
      );
      const { csrfHeaders } = await import('../test/helpers.ts');
      expectError(await post(`/api/admin/users/${target.id}/${action}`, undefined, csrfHeaders(t.app)), 401);
      expectError(
        await post(`/api/admin/users/${target.id}/${action}`, undefined, { cookie: adminHeaders.cookie }),
        403,
        { code: 'CSRF_INVALID' },
      );
    },
  );
});
