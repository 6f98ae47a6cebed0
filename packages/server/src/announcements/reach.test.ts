import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announcementReceiptsSchema,
  announcementResponseSchema,
  announcementsPageSchema,
  pendingUrgentSchema,
  type Announcement,
  type AnnouncementReceipts,
} from '@stoop/shared';
import { waitForNotifications } from '../notifications/testing.ts';
import { createCommunity, EVERY_ROLE, type Community } from '../test/community.ts';
import { csrfHeaders, type AuthHeaders } from '../test/helpers.ts';
import { call, expectError } from '../test/http.ts';

/**
 * R-REACH-2, R-REACH-3, R-REACH-4: urgent announcements scheduled and edited until sent, the
 * banner's "Got it", the admin's receipts and the reminder to those who have not seen it.
 */
let t: Community<typeof EVERY_ROLE>;
beforeAll(async () => {
  t = await createCommunity(EVERY_ROLE);
});
afterAll(async () => t?.close());

const h = (who: keyof typeof EVERY_ROLE) => t.people[who].headers;
async function post(body: Record<string, unknown>): Promise<Announcement> {
  const res = await call(t.app, 'POST', '/api/announcements', body, h('admin'));
  expect(res.statusCode, res.body).toBe(201);
  return announcementResponseSchema.parse(res.json()).announcement;
}
async function receiptsOf(id: string): Promise<AnnouncementReceipts> {
  const res = await call(t.app, 'GET', `/api/announcements/${id}/receipts`, undefined, h('admin'));
  expect(res.statusCode, res.body).toBe(200);
  return announcementReceiptsSchema.parse(res.json());
}
const banner = async (headers: AuthHeaders) => {
  const res = await call(t.app, 'GET', '/api/announcements/urgent', undefined, headers);
  expect(res.statusCode, res.body).toBe(200);
  return pendingUrgentSchema.parse(res.json()).data;
};

// One announcement's story, step by step (sent, seen, acknowledged, reminded): in file order.
describe('urgent announcements: banner, acknowledgement and receipts', { shuffle: false }, () => {
  let urgent: Announcement;
  beforeAll(async () => {
    urgent = await post({ title: 'Fire alarm test at 10', body: 'Do not leave the building.', urgent: true });
    await waitForNotifications(t.app, h('carol'), (p) => p.data.some((n) => n.announcementId === urgent.id));
  });

  it('R-REACH-4: receipts are for admins only: anonymous 401, locked 403, resident 403', async () => {
    const url = `/api/announcements/${urgent.id}/receipts`;
    expectError(await call(t.app, 'GET', url, undefined, csrfHeaders(t.app)), 401);
    expectError(await call(t.app, 'GET', url, undefined, h('locked')), 403);
    expectError(await call(t.app, 'GET', url, undefined, h('alice')), 403);
    expectError(
      await call(t.app, 'GET', '/api/announcements/not-an-id/receipts', undefined, h('admin')),
      400,
      {
        field: 'id',
      },
    );
    expectError(
      await call(
        t.app,
        'GET',
        '/api/announcements/01900000-0000-7000-8000-000000000000/receipts',
        undefined,
        h('admin'),
      ),
      404,
    );
  });

  it('R-REACH-4: every approved resident but the author is on it, none seen yet, no email leaks', async () => {
    const receipts = await receiptsOf(urgent.id);
    expect(receipts.counts).toMatchObject({ residents: 3, seen: 0, acknowledged: 0 });
    expect(receipts.residents.map((r) => r.user.id).sort()).toEqual(
      [t.people.alice.id, t.people.bob.id, t.people.carol.id].sort(),
    );
    expect(JSON.stringify(receipts)).not.toContain('@');
  });

  it('R-REACH-3: the banner lists it until "Got it"; loading it counts as delivered in the app', async () => {
    expect((await banner(h('alice'))).map((a) => a.id)).toEqual([urgent.id]);
    const ack = await call(
      t.app,
      'POST',
      `/api/announcements/${urgent.id}/acknowledge`,
      undefined,
      h('alice'),
    );
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json()).toMatchObject({ acknowledged: true });
    // Twice is fine, and changes nothing.
    expect(
      (await call(t.app, 'POST', `/api/announcements/${urgent.id}/acknowledge`, undefined, h('alice')))
        .statusCode,
    ).toBe(200);
    expect(await banner(h('alice'))).toEqual([]);
    const list = announcementsPageSchema.parse(
      (await call(t.app, 'GET', '/api/announcements', undefined, h('alice'))).json(),
    );
    expect(list.data.find((a) => a.id === urgent.id)).toMatchObject({ read: true, acknowledged: true });
    const receipts = await receiptsOf(urgent.id);
    expect(receipts.counts).toMatchObject({ residents: 3, seen: 1, acknowledged: 1, inApp: 1 });
    // Those who have not seen it come first.
    expect(receipts.residents.at(-1)?.user.id).toBe(t.people.alice.id);
  });

  it('R-REACH-3: acknowledging: anonymous 401, locked 403, an unknown id 404', async () => {
    const url = `/api/announcements/${urgent.id}/acknowledge`;
    expectError(await call(t.app, 'POST', url, undefined, csrfHeaders(t.app)), 401);
    expectError(await call(t.app, 'POST', url, undefined, h('locked')), 403);
    expectError(
      await call(
        t.app,
        'POST',
        '/api/announcements/01900000-0000-7000-8000-000000000000/acknowledge',
        undefined,
        h('bob'),
      ),
      404,
    );
  });

  it('R-REACH-4: "Remind" tells only those who have not seen it; residents may not', async () => {
    const read = await call(t.app, 'POST', `/api/announcements/${urgent.id}/read`, undefined, h('bob'));
    expect(read.statusCode).toBe(200);
    expectError(
      await call(t.app, 'POST', `/api/announcements/${urgent.id}/remind`, undefined, h('alice')),
      403,
    );
    expectError(
      await call(t.app, 'POST', `/api/announcements/${urgent.id}/remind`, undefined, csrfHeaders(t.app)),
      401,
    );
    const res = await call(t.app, 'POST', `/api/announcements/${urgent.id}/remind`, undefined, h('admin'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ reminded: 1 });
    await waitForNotifications(t.app, h('carol'), (p) =>
      p.data.some((n) => n.text === `Reminder: ${urgent.title}`),
    );
    const bobs = await waitForNotifications(t.app, h('bob'), () => true);
    expect(bobs.data.some((n) => n.text.startsWith('Reminder:'))).toBe(false);
  });
});

describe('scheduled announcements', () => {
  it('R-REACH-2: waits unseen by residents, can be edited, then goes out; sent ones keep their time', async () => {
    const at = new Date(Date.now() + 3600_000).toISOString();
    const scheduled = await post({ title: 'Lift service Monday', body: 'The lift stops 8–10.', sendAt: at });
    expect(scheduled.sentAt).toBeNull();
    expect(scheduled.sendAt).toBe(at);
    const residentView = announcementsPageSchema.parse(
      (await call(t.app, 'GET', '/api/announcements', undefined, h('alice'))).json(),
    );
    expect(residentView.data.some((a) => a.id === scheduled.id)).toBe(false);
    expectError(
      await call(t.app, 'POST', `/api/announcements/${scheduled.id}/read`, undefined, h('alice')),
      404,
    );
    const edited = await call(
      t.app,
      'PATCH',
      `/api/announcements/${scheduled.id}`,
      { title: 'Lift service Tuesday' },
      h('admin'),
    );
    expect(edited.json<{ announcement: Announcement }>().announcement).toMatchObject({
      title: 'Lift service Tuesday',
      sentAt: null,
    });
    expectError(
      await call(
        t.app,
        'PATCH',
        `/api/announcements/${scheduled.id}`,
        { sendAt: '2001-01-01T00:00:00Z' },
        h('admin'),
      ),
      400,
      { field: 'sendAt' },
    );
    const now = await call(
      t.app,
      'PATCH',
      `/api/announcements/${scheduled.id}`,
      { sendAt: null },
      h('admin'),
    );
    expect(now.json<{ announcement: Announcement }>().announcement.sentAt).not.toBeNull();
    await waitForNotifications(t.app, h('alice'), (p) =>
      p.data.some((n) => n.announcementId === scheduled.id),
    );
    expectError(
      await call(t.app, 'PATCH', `/api/announcements/${scheduled.id}`, { sendAt: at }, h('admin')),
      409,
      { field: 'sendAt' },
    );
  });

  it('R-REACH-2: a time in the past is refused', async () => {
    const res = await call(
      t.app,
      'POST',
      '/api/announcements',
      { title: 'Old', body: 'News', sendAt: '2001-01-01T00:00:00Z' },
      h('admin'),
    );
    expectError(res, 400, { field: 'sendAt' });
  });
});
