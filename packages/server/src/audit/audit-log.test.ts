import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogResponseSchema } from '@stoop/shared';
import { call, expectError } from '../test/http.ts';
import {
  createTestApp,
  makeAdmin,
  makeUser,
  sessionFor,
  type AuthHeaders,
  type TestApp,
} from '../test/helpers.ts';

let t: TestApp;
let admin: AuthHeaders;
let adminName: string;
let targetId: string;

beforeAll(async () => {
  t = await createTestApp();
  const adminRow = await makeAdmin(t.app, { username: 'Office Admin' });
  adminName = adminRow.username;
  admin = await sessionFor(t.app, adminRow);
  const target = await makeUser(t.app, { locked: true, username: 'Pending Pat' });
  targetId = target.id;
  // Three audited actions, in this order.
  for (const step of ['approve', 'lock', 'unlock'] as const) {
    const body = step === 'lock' ? { reason: 'admin_lock' } : undefined;
    const res = await call(t.app, 'POST', `/api/admin/users/${target.id}/${step}`, body, admin);
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => {
  await t.close();
});

const auditLog = (query: string, headers: Record<string, string> = {}) =>
  call(t.app, 'GET', `/api/audit-log${query}`, undefined, headers);

describe('R-ADMIN-4 GET /api/audit-log (admin only)', () => {
  it('R-ACCESS-3: anonymous gets 401 UNAUTHENTICATED', async () => {
    expectError(await auditLog(''), 401, { code: 'UNAUTHENTICATED' });
  });

  it('R-ACCESS-4: a locked user gets 403 ACCOUNT_LOCKED', async () => {
    const locked = await sessionFor(t.app, await makeUser(t.app, { locked: true }));
    expectError(await auditLog('', locked), 403, { code: 'ACCOUNT_LOCKED' });
  });

  it('R-ROLE-5: a resident gets 403 FORBIDDEN', async () => {
    const resident = await sessionFor(t.app, await makeUser(t.app));
    expectError(await auditLog('', resident), 403, { code: 'FORBIDDEN' });
  });

  it('an admin gets the entries newest first, with actor and target names', async () => {
    const res = await auditLog('', admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = auditLogResponseSchema.parse(res.json());
    expect(body.total).toBe(3);
    expect(body.page).toBe(1);
    expect(body.data.map((e) => e.action)).toEqual(['unlock', 'lock', 'approve']);
    expect(body.data[1]).toMatchObject({
      actorName: adminName,
      action: 'lock',
      targetUserId: targetId,
      targetName: 'Pending Pat',
      details: { reason: 'admin_lock' },
    });
    const times = body.data.map((e) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('pages with page and limit; total counts every entry', async () => {
    const res = await auditLog('?page=2&limit=2', admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = auditLogResponseSchema.parse(res.json());
    expect(body).toMatchObject({ total: 3, page: 2 });
    expect(body.data.map((e) => e.action)).toEqual(['approve']);
  });

  it('R-ADMIN-4, R-ERR-11: a bad page or limit is 400 naming the field', async () => {
    expectError(await auditLog('?page=0', admin), 400, { code: 'VALIDATION_ERROR', field: 'page' });
    expectError(await auditLog('?page=abc', admin), 400, { field: 'page' });
    expectError(await auditLog('?limit=101', admin), 400, { field: 'limit' });
  });
});

describe('R-ADMIN-15 GET /api/audit-log filters', () => {
  const actions = async (query: string) => {
    const res = await auditLog(query, admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = auditLogResponseSchema.parse(res.json());
    expect(body.total).toBe(body.data.length);
    return body.data.map((e) => e.action);
  };

  it('by action, by actor or target id, and by part of their names', async () => {
    expect(await actions('?action=lock')).toEqual(['lock']);
    expect(await actions('?action=reject')).toEqual([]);
    expect(await actions(`?targetUserId=${targetId}`)).toEqual(['unlock', 'lock', 'approve']);
    expect(await actions('?target=pending%20p')).toEqual(['unlock', 'lock', 'approve']);
    expect(await actions('?actor=OFFICE')).toEqual(['unlock', 'lock', 'approve']);
    expect(await actions('?actor=nobody')).toEqual([]);
    expect(await actions(`?actorId=${targetId}`)).toEqual([]);
    expect(await actions('?action=approve&target=Pat')).toEqual(['approve']);
  });

  it('by time: from is inclusive, to exclusive', async () => {
    const all = auditLogResponseSchema.parse((await auditLog('', admin)).json()).data;
    const oldest = all.at(-1)!.createdAt;
    const enc = encodeURIComponent;
    expect(await actions(`?to=${enc(oldest)}`)).toEqual([]);
    expect(await actions(`?from=${enc(oldest)}`)).toEqual(['unlock', 'lock', 'approve']);
    expect(
      await actions(`?from=${enc('2000-01-01T00:00:00Z')}&to=${enc('2000-01-02T00:00:00+02:00')}`),
    ).toEqual([]);
  });

  it.each([
    ['action', '?action=DROP%20TABLE'],
    ['actorId', '?actorId=abc'],
    ['targetUserId', '?targetUserId=abc'],
    ['from', '?from=yesterday'],
    ['to', '?to=2026-13-01T00:00:00Z'],
    [
      'to',
      `?from=${encodeURIComponent('2026-02-02T00:00:00Z')}&to=${encodeURIComponent('2026-02-01T00:00:00Z')}`,
    ],
    ['actor', `?actor=${'x'.repeat(101)}`],
  ])('validation: 400 naming %s', async (field, query) => {
    expectError(await auditLog(query, admin), 400, { code: 'VALIDATION_ERROR', field });
  });
});
