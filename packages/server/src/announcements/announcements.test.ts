import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENTS_PAGE_SIZE,
  announcementResponseSchema,
  announcementsPageSchema,
  type Announcement,
} from '@stoop/shared';
import { eq } from 'drizzle-orm';
import { auditLog } from '../db/schema/index.ts';
import { createCommunity, headersOf, idsOf } from '../test/community.ts';
import { csrfHeaders, type AuthHeaders, type TestApp } from '../test/helpers.ts';
import { call, expectError } from '../test/http.ts';

let t: TestApp;
let admin: AuthHeaders, alice: AuthHeaders, bob: AuthHeaders, locked: AuthHeaders;
let adminId: string;

beforeAll(async () => {
  const c = await createCommunity({
    admin: { role: 'admin', username: 'Admin Ada' },
    alice: {},
    bob: {},
    locked: { locked: true },
  });
  t = c;
  ({ admin, alice, bob, locked } = headersOf(c.people));
  ({ admin: adminId } = idsOf(c.people));
});
afterAll(async () => t.close());

const anonymous = () => csrfHeaders(t.app);
const page = async (headers: AuthHeaders, query = '') => {
  const res = await call(t.app, 'GET', `/api/announcements${query}`, undefined, headers);
  expect(res.statusCode, res.body).toBe(200);
  return announcementsPageSchema.parse(res.json());
};
async function post(body: Record<string, unknown>): Promise<Announcement> {
  const res = await call(t.app, 'POST', '/api/announcements', body, admin);
  expect(res.statusCode, res.body).toBe(201);
  return announcementResponseSchema.parse(res.json()).announcement;
}

describe('POST /api/announcements', () => {
  it('an admin posts one (201): author public shape, pinned and urgent false by default, an audit entry', async () => {
    const made = await post({ title: '  Water off Tuesday ', body: 'From **9** to 12.' });
    expect(made).toMatchObject({
      title: 'Water off Tuesday',
      body: 'From **9** to 12.',
      pinned: false,
      urgent: false,
      read: true,
    });
    expect(made.author?.id).toBe(adminId);
    expect(made.author).not.toHaveProperty('email');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'announcement.create'));
    expect(audit.map((a) => a.details)).toContainEqual(expect.objectContaining({ announcementId: made.id }));
  });

  it('validation: 400 naming the field', async () => {
    expectError(await call(t.app, 'POST', '/api/announcements', { title: ' ', body: 'x' }, admin), 400, {
      field: 'title',
    });
    expectError(await call(t.app, 'POST', '/api/announcements', { title: 'x' }, admin), 400, {
      field: 'body',
    });
    expectError(
      await call(t.app, 'POST', '/api/announcements', { title: 'x', body: 'y', pinned: 'yes' }, admin),
      400,
      { field: 'pinned' },
    );
  });

  it('anonymous 401, locked 403 ACCOUNT_LOCKED, resident 403 before the payload is checked', async () => {
    const body = { title: 'Hi', body: 'There' };
    expectError(await call(t.app, 'POST', '/api/announcements', body, anonymous()), 401);
    expectError(await call(t.app, 'POST', '/api/announcements', body, locked), 403, {
      code: 'ACCOUNT_LOCKED',
    });
    expectError(await call(t.app, 'POST', '/api/announcements', body, alice), 403, { code: 'FORBIDDEN' });
    expectError(await call(t.app, 'POST', '/api/announcements', {}, alice), 403, { code: 'FORBIDDEN' });
  });

  it('missing CSRF token is a 403', async () => {
    const { cookie } = admin;
    expectError(await call(t.app, 'POST', '/api/announcements', { title: 'a', body: 'b' }, { cookie }), 403, {
      code: 'CSRF_INVALID',
    });
  });
});

describe('GET /api/announcements', () => {
  it('pinned first, then newest first; total, page and limit; read state per reader', async () => {
    const older = await post({ title: 'Older', body: 'o' });
    const pinned = await post({ title: 'Pinned', body: 'p', pinned: true });
    const newer = await post({ title: 'Newer', body: 'n' });
    const first = await page(alice, '?page=1&limit=2');
    expect(first.page).toBe(1);
    expect(first.limit).toBe(2);
    const ids = (await page(alice, '?limit=100')).data.map((a) => a.id);
    expect(ids.indexOf(pinned.id)).toBe(0);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(first.data.map((a) => a.id)).toEqual(ids.slice(0, 2));
    expect(first.total).toBe(ids.length);
    const second = await page(alice, '?page=2&limit=2');
    expect(second.data.map((a) => a.id)).toEqual(ids.slice(2, 4));
    expect(first.data.every((a) => !a.read)).toBe(true);
    expect((await page(admin)).data.find((a) => a.id === newer.id)?.read).toBe(true);
  });

  it(`defaults to page 1 and limit ${ANNOUNCEMENTS_PAGE_SIZE}; limit is capped`, async () => {
    const res = await page(bob);
    expect([res.page, res.limit]).toEqual([1, ANNOUNCEMENTS_PAGE_SIZE]);
    expectError(await call(t.app, 'GET', '/api/announcements?limit=1000', undefined, bob), 400, {
      field: 'limit',
    });
    expectError(await call(t.app, 'GET', '/api/announcements?page=0', undefined, bob), 400, {
      field: 'page',
    });
  });

  it('anonymous 401, locked 403', async () => {
    expectError(await call(t.app, 'GET', '/api/announcements', undefined, anonymous()), 401);
    expectError(await call(t.app, 'GET', '/api/announcements', undefined, locked), 403, {
      code: 'ACCOUNT_LOCKED',
    });
  });
});

describe('PATCH and DELETE /api/announcements/{id}', () => {
  it('an admin edits (200, updatedAt moves) and deletes (204, then 404); each writes an audit entry', async () => {
    const made = await post({ title: 'Draft', body: 'b' });
    const res = await call(
      t.app,
      'PATCH',
      `/api/announcements/${made.id}`,
      { pinned: true, title: 'Final' },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const changed = announcementResponseSchema.parse(res.json()).announcement;
    expect(changed).toMatchObject({ title: 'Final', body: 'b', pinned: true, urgent: false });
    expect(changed.updatedAt >= made.updatedAt).toBe(true);

    const removed = await call(t.app, 'DELETE', `/api/announcements/${made.id}`, undefined, admin);
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await page(alice, '?limit=100')).data.map((a) => a.id)).not.toContain(made.id);
    expectError(await call(t.app, 'DELETE', `/api/announcements/${made.id}`, undefined, admin), 404);
    expectError(await call(t.app, 'PATCH', `/api/announcements/${made.id}`, { title: 'x' }, admin), 404);
    const actions = (await t.db.select().from(auditLog))
      .filter((a) => (a.details as { announcementId?: string }).announcementId === made.id)
      .map((a) => a.action);
    expect(actions.sort()).toEqual(['announcement.create', 'announcement.delete', 'announcement.update']);
  });

  it('validation: an empty patch names title, a bad id names id, a bad title names title', async () => {
    const made = await post({ title: 'T', body: 'b' });
    expectError(await call(t.app, 'PATCH', `/api/announcements/${made.id}`, {}, admin), 400, {
      field: 'title',
    });
    expectError(await call(t.app, 'PATCH', `/api/announcements/${made.id}`, { title: '' }, admin), 400, {
      field: 'title',
    });
    expectError(await call(t.app, 'PATCH', '/api/announcements/nope', { title: 'x' }, admin), 400, {
      field: 'id',
    });
    expectError(await call(t.app, 'DELETE', '/api/announcements/nope', undefined, admin), 400, {
      field: 'id',
    });
  });

  it('residents 403, anonymous 401, locked 403', async () => {
    const made = await post({ title: 'Keep', body: 'b' });
    const url = `/api/announcements/${made.id}`;
    for (const method of ['PATCH', 'DELETE'] as const) {
      const body = method === 'PATCH' ? { title: 'x' } : undefined;
      expectError(await call(t.app, method, url, body, alice), 403, { code: 'FORBIDDEN' });
      expectError(await call(t.app, method, url, body, anonymous()), 401);
      expectError(await call(t.app, method, url, body, locked), 403, { code: 'ACCOUNT_LOCKED' });
    }
    expect((await page(alice, '?limit=100')).data.map((a) => a.id)).toContain(made.id);
  });
});

describe('POST /api/announcements/{id}/read and /read-all', () => {
  it('marks read for that reader only and answers the unread count', async () => {
    const made = await post({ title: 'Read me', body: 'b' });
    const res = await call(t.app, 'POST', `/api/announcements/${made.id}/read`, undefined, bob);
    expect(res.statusCode, res.body).toBe(200);
    const { unread } = res.json<{ unread: number }>();
    expect((await page(bob, '?limit=100')).data.filter((a) => !a.read)).toHaveLength(unread);
    expect((await page(bob, '?limit=100')).data.find((a) => a.id === made.id)?.read).toBe(true);
    expect((await page(alice, '?limit=100')).data.find((a) => a.id === made.id)?.read).toBe(false);

    const all = await call(t.app, 'POST', '/api/announcements/read-all', undefined, alice);
    expect(all.json()).toEqual({ unread: 0 });
    expect((await page(alice, '?limit=100')).data.every((a) => a.read)).toBe(true);
  });

  it('unknown id 404, bad id 400, anonymous 401, locked 403', async () => {
    const missing = '0190a8f0-0000-7000-8000-000000000000';
    expectError(await call(t.app, 'POST', `/api/announcements/${missing}/read`, undefined, bob), 404);
    expectError(await call(t.app, 'POST', '/api/announcements/x/read', undefined, bob), 400, { field: 'id' });
    expectError(await call(t.app, 'POST', `/api/announcements/${missing}/read`, undefined, anonymous()), 401);
    expectError(await call(t.app, 'POST', '/api/announcements/read-all', undefined, locked), 403, {
      code: 'ACCOUNT_LOCKED',
    });
  });
});
