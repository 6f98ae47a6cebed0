import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { User } from '@stoop/shared';
import { auditLog } from '../db/schema/index.ts';
import { createTestApp, makeAdmin, makeUser, sessionFor, type TestApp } from '../test/helpers.ts';
import { call, expectError } from '../test/http.ts';
import { makeDirect, sendText } from '../conversations/testing.ts';
import { refusal } from '../realtime/testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('POST /api/set-user', () => {
  it('R-API-4: an admin acts as another user, audited, and can switch back with their own id', async () => {
    const admin = await makeAdmin(t.app);
    const resident = await makeUser(t.app);
    const headers = await sessionFor(t.app, admin);
    const res = await call(t.app, 'POST', '/api/set-user', { userId: resident.id }, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: User; actingAs: boolean }>()).toMatchObject({
      user: { id: resident.id },
      actingAs: true,
    });
    const me = await call(t.app, 'GET', '/api/protected/user', undefined, headers);
    expect(me.json<{ user: User }>().user.id).toBe(resident.id);
    // While acting as a resident, admin calls are refused...
    expectError(await call(t.app, 'GET', '/api/admin/users', undefined, headers), 403);
    // ...but switching back is allowed.
    const back = await call(t.app, 'POST', '/api/set-user', { userId: admin.id }, headers);
    expect(back.json<{ actingAs: boolean }>().actingAs).toBe(false);
    expect(
      (await call(t.app, 'GET', '/api/protected/user', undefined, headers)).json<{ user: User }>().user.id,
    ).toBe(admin.id);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(audit.map((a) => a.action)).toEqual(['set_user', 'set_user_end']);
    expect(audit[0]?.targetUserId).toBe(resident.id);
  });

  it('R-ADMIN-18: the session check names the viewing admin while set-user is on, and only then', async () => {
    const admin = await makeAdmin(t.app, { username: 'Office Desk' });
    const resident = await makeUser(t.app);
    const headers = await sessionFor(t.app, admin);
    const own = await call(t.app, 'GET', '/api/protected/user', undefined, headers);
    expect(own.json<{ viewer?: unknown }>().viewer).toBeUndefined();
    await call(t.app, 'POST', '/api/set-user', { userId: resident.id }, headers);
    const viewing = await call(t.app, 'GET', '/api/protected/user', undefined, headers);
    expect(viewing.json()).toMatchObject({
      user: { id: resident.id },
      viewer: { id: admin.id, username: 'Office Desk' },
    });
    await call(t.app, 'POST', '/api/set-user', { userId: admin.id }, headers);
    const back = await call(t.app, 'GET', '/api/protected/user', undefined, headers);
    expect(back.json<{ viewer?: unknown }>().viewer).toBeUndefined();
  });

  it('an admin acting as a locked user sees the lock and can still switch back', async () => {
    const admin = await makeAdmin(t.app);
    const locked = await makeUser(t.app, { locked: true });
    const headers = await sessionFor(t.app, admin);
    await call(t.app, 'POST', '/api/set-user', { userId: locked.id }, headers);
    expectError(await call(t.app, 'GET', '/api/users', undefined, headers), 403, { code: 'ACCOUNT_LOCKED' });
    expect((await call(t.app, 'POST', '/api/set-user', { userId: admin.id }, headers)).statusCode).toBe(200);
  });

  it('R-ACCESS-3, R-ROLE-5: a resident gets 403; anonymous 401', async () => {
    const resident = await makeUser(t.app);
    const other = await makeUser(t.app);
    expectError(
      await call(t.app, 'POST', '/api/set-user', { userId: other.id }, await sessionFor(t.app, resident)),
      403,
      {
        code: 'FORBIDDEN',
      },
    );
    const { csrfHeaders } = await import('../test/helpers.ts');
    expectError(await call(t.app, 'POST', '/api/set-user', { userId: other.id }, csrfHeaders(t.app)), 401);
  });

  it('R-ACCESS-4: a locked admin gets 403 ACCOUNT_LOCKED', async () => {
    const lockedAdmin = await makeAdmin(t.app, { reason: 'admin_lock' });
    const other = await makeUser(t.app);
    const res = await call(
      t.app,
      'POST',
      '/api/set-user',
      { userId: other.id },
      await sessionFor(t.app, lockedAdmin),
    );
    expectError(res, 403, { code: 'ACCOUNT_LOCKED' });
  });

  it('validation: 400 naming userId; unknown user 404; no CSRF 403', async () => {
    const admin = await makeAdmin(t.app);
    const headers = await sessionFor(t.app, admin);
    expectError(await call(t.app, 'POST', '/api/set-user', {}, headers), 400, { field: 'userId' });
    expectError(
      await call(t.app, 'POST', '/api/set-user', { userId: '0190c0c0-0000-7000-8000-000000000000' }, headers),
      404,
    );
    expectError(await call(t.app, 'POST', '/api/set-user', { userId: 'not-a-uuid' }, headers), 404);
    expectError(
      await call(t.app, 'POST', '/api/set-user', { userId: admin.id }, { cookie: headers.cookie }),
      403,
      {
        code: 'CSRF_INVALID',
      },
    );
  });

  it('R-API-40: viewing as a resident never reads their direct conversations nor acts for them', async () => {
    const admin = await makeAdmin(t.app);
    const resident = await makeUser(t.app);
    const friend = await makeUser(t.app);
    const friendHeaders = await sessionFor(t.app, friend);
    const direct = await makeDirect(t.app, friendHeaders, resident.id);
    const message = await sendText(t.app, friendHeaders, direct.id, 'just between us');
    const headers = await sessionFor(t.app, admin);
    expect((await call(t.app, 'POST', '/api/set-user', { userId: resident.id }, headers)).statusCode).toBe(
      200,
    );

    const viewOnly = { code: 'VIEWING_AS' };
    for (const url of [
      `/api/conversations/${direct.id}/messages`,
      '/api/conversations',
      `/api/sync?after=0`,
      '/api/messages/search?q=between',
      '/api/notifications',
    ]) {
      expectError(await call(t.app, 'GET', url, undefined, headers), 403, viewOnly);
    }
    expectError(
      await call(t.app, 'POST', `/api/conversations/${direct.id}/messages`, { text: 'as them' }, headers),
      403,
      viewOnly,
    );
    expectError(await call(t.app, 'POST', `/api/messages/${message.id}/like`, {}, headers), 403, viewOnly);
    expectError(
      await call(t.app, 'POST', `/api/conversations/${direct.id}/flag`, { messageId: message.id }, headers),
      403,
      viewOnly,
    );
    // The directory, as the whole building sees it, is what viewing shows.
    expect((await call(t.app, 'GET', '/api/users', undefined, headers)).statusCode).toBe(200);
  });

  it('R-API-40: viewing as another admin cannot lock anyone under that admin’s name', async () => {
    const admin = await makeAdmin(t.app);
    const other = await makeAdmin(t.app);
    const target = await makeUser(t.app);
    const headers = await sessionFor(t.app, admin);
    await call(t.app, 'POST', '/api/set-user', { userId: other.id }, headers);
    expectError(await call(t.app, 'POST', `/api/admin/users/${target.id}/lock`, {}, headers), 403, {
      code: 'VIEWING_AS',
    });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, target.id));
    expect(entries).toEqual([]);
  });

  it('R-API-40: no socket while viewing as someone else; logout ends the view, audited with the real admin', async () => {
    const admin = await makeAdmin(t.app);
    const resident = await makeUser(t.app);
    const headers = await sessionFor(t.app, admin);
    await call(t.app, 'POST', '/api/set-user', { userId: resident.id }, headers);
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    expect(await refusal(url, headers.cookie)).toBe('VIEWING_AS');

    expect((await call(t.app, 'POST', '/api/logout', undefined, headers)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/protected/user', undefined, headers)).statusCode).toBe(401);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(audit.map((a) => [a.action, a.targetUserId])).toEqual([
      ['set_user', resident.id],
      ['set_user_end', resident.id],
    ]);
  });
});
