import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import {
  ERROR_CODES,
  REQUEST_PHOTO_MAX_BYTES,
  requestDetailSchema,
  requestsPageSchema,
  type BuildingRequest,
  type Notification,
} from '@stoop/shared';
import { auditLog } from '../db/schema/index.ts';
import { PNG_1X1, formOf, injectForm } from '../conversations/testing.ts';
import { chatDir } from '../files/storage.ts';
import { notificationsOf, waitForNotifications } from '../notifications/testing.ts';
import { connected, settle, until, type Recorder } from '../realtime/testing.ts';
import { createCommunity, headersOf, idsOf } from '../test/community.ts';
import { csrfHeaders, type AuthHeaders, type TestApp } from '../test/helpers.ts';
import { call, expectError } from '../test/http.ts';
import { fileRequest } from './testing.ts';

let t: TestApp;
let admin: AuthHeaders, alice: AuthHeaders, bob: AuthHeaders, locked: AuthHeaders;
let adminId: string, aliceId: string;
let aliceSocket: Recorder, bobSocket: Recorder, adminSocket: Recorder;

beforeAll(async () => {
  const c = await createCommunity(
    {
      admin: { role: 'admin', username: 'Office Olga' },
      alice: { username: 'Alice Request' },
      bob: { username: 'Bob Request' },
      locked: { locked: true },
    },
    // A listening server: the sockets below are real network clients.
    { listen: true },
  );
  t = c;
  ({ admin, alice, bob, locked } = headersOf(c.people));
  ({ admin: adminId, alice: aliceId } = idsOf(c.people));
  aliceSocket = await connected(c.url, alice.cookie);
  bobSocket = await connected(c.url, bob.cookie);
  adminSocket = await connected(c.url, admin.cookie);
});
afterAll(async () => {
  for (const s of [aliceSocket, bobSocket, adminSocket]) s.close();
  await t.close();
});

const anonymous = () => csrfHeaders(t.app);
const detailOf = (res: { json: () => unknown }) => requestDetailSchema.parse(res.json());
const liveRequests = (r: Recorder) =>
  (r.of('request:updated') as { request: BuildingRequest }[]).map((p) => p.request);
const liveNotifications = (r: Recorder) =>
  (r.of('notification:new') as { notification: Notification }[]).map((p) => p.notification);
const patch = (id: string, body: unknown, headers: AuthHeaders) =>
  call(t.app, 'PATCH', `/api/requests/${id}`, body, headers);

describe('R-REQ-1 POST /api/requests', () => {
  it('a resident files one: open, their public shape, the filing as first history line', async () => {
    const { request, history } = await fileRequest(t.app, alice, { title: '  Broken heater ' });
    expect(request).toMatchObject({
      category: 'maintenance',
      title: 'Broken heater',
      status: 'open',
      photoUrl: null,
    });
    expect(request.requester?.id).toBe(aliceId);
    expect(request.requester).not.toHaveProperty('email');
    expect(history).toEqual([
      expect.objectContaining({ kind: 'created', toStatus: 'open', byOffice: false }),
    ]);
  });

  it('takes JSON too, and admins hear of a new request live', async () => {
    const res = await call(
      t.app,
      'POST',
      '/api/requests',
      { category: 'package', title: 'Parcel', description: 'A parcel for flat 3' },
      alice,
    );
    expect(res.statusCode, res.body).toBe(201);
    const { request } = detailOf(res);
    await until(() => liveRequests(adminSocket).some((r) => r.id === request.id));
  });

  it('validation: 400 naming the field', async () => {
    const post = (body: Record<string, string>) => call(t.app, 'POST', '/api/requests', body, alice);
    const valid = { category: 'noise', title: 'Loud', description: 'Music at night' };
    expectError(await post({ ...valid, category: 'pets' }), 400, { field: 'category' });
    expectError(await post({ ...valid, title: '   ' }), 400, { field: 'title' });
    expectError(await post({ ...valid, title: 'x'.repeat(121) }), 400, { field: 'title' });
    const { description: _, ...noDescription } = valid;
    expectError(await post(noDescription), 400, { field: 'description' });
    const form = await injectForm(t.app, 'POST', '/api/requests', formOf({ ...valid, title: '' }), alice);
    expectError(form, 400, { field: 'title' });
  });

  it('R-REQ-4 the photo must be an image (400 photo) within the size limit (413)', async () => {
    const send = (bytes: Uint8Array, name = 'notes.txt') =>
      injectForm(
        t.app,
        'POST',
        '/api/requests',
        formOf(
          { category: 'other', title: 'x', description: 'y' },
          { field: 'photo', name, bytes, type: 'image/png' },
        ),
        alice,
      );
    expectError(await send(Buffer.from('not an image at all')), 400, { field: 'photo' });
    expectError(await send(Buffer.alloc(REQUEST_PHOTO_MAX_BYTES + 1, 1), 'big.png'), 413, { field: 'file' });
  });

  it('anonymous 401, locked 403', async () => {
    const body = { category: 'other', title: 'x', description: 'y' };
    expectError(await call(t.app, 'POST', '/api/requests', body, anonymous()), 401);
    expectError(await call(t.app, 'POST', '/api/requests', body, locked), 403, {
      code: ERROR_CODES.accountLocked,
    });
  });
});

describe('R-REQ-2, R-REQ-3 reading requests', () => {
  it('a resident lists only their own; admins see every resident’s, filtered and paged', async () => {
    const bobs = await fileRequest(t.app, bob, { category: 'noise', title: 'Drums upstairs' });
    const page = async (headers: AuthHeaders, query = '') => {
      const res = await call(t.app, 'GET', `/api/requests${query}`, undefined, headers);
      expect(res.statusCode, res.body).toBe(200);
      return requestsPageSchema.parse(res.json());
    };
    const alices = await page(alice, '?limit=100');
    expect(alices.data.length).toBeGreaterThan(0);
    expect(alices.data.every((r) => r.requester?.id === aliceId)).toBe(true);
    expect((await page(bob)).data.map((r) => r.id)).toEqual([bobs.request.id]);

    const all = await page(admin, '?limit=100');
    expect(all.total).toBe(alices.total + 1);
    expect((await page(admin, '?category=noise')).data.map((r) => r.id)).toEqual([bobs.request.id]);
    expect((await page(admin, '?status=done')).data).toEqual([]);
    const second = await page(admin, '?limit=1&page=2');
    expect(second).toMatchObject({ page: 2, limit: 1, total: all.total });
    expect(second.data.map((r) => r.id)).toEqual([all.data[1]?.id]);

    expectError(await call(t.app, 'GET', '/api/requests?status=lost', undefined, admin), 400, {
      field: 'status',
    });
    expectError(await call(t.app, 'GET', '/api/requests', undefined, anonymous()), 401);
    expectError(await call(t.app, 'GET', '/api/requests', undefined, locked), 403);
  });

  it('one request: its requester and admins; another resident 404, a bad id 400', async () => {
    const { request } = await fileRequest(t.app, alice);
    const get = (headers: AuthHeaders, id = request.id) =>
      call(t.app, 'GET', `/api/requests/${id}`, undefined, headers);
    expect(detailOf(await get(alice)).request.id).toBe(request.id);
    expect(detailOf(await get(admin)).request.id).toBe(request.id);
    expectError(await get(bob), 404);
    expectError(await get(alice, 'nope'), 400, { field: 'id' });
    expectError(await get(anonymous()), 401);
    expectError(await get(locked), 403);
  });
});

describe('R-REQ-5, R-REQ-7, R-REQ-8 PATCH /api/requests/{id} (admins)', () => {
  it('a resident may not change a status (403), not even on their own request', async () => {
    const { request } = await fileRequest(t.app, alice);
    expectError(await patch(request.id, { status: 'done' }, alice), 403, { code: ERROR_CODES.forbidden });
    expectError(await patch(request.id, { status: 'done' }, anonymous()), 401);
    expectError(await patch(request.id, { status: 'done' }, locked), 403);
  });

  it('an admin changes it: history (who, from→to, note), audit entry, the requester alone is told', async () => {
    const { request } = await fileRequest(t.app, alice, { title: 'Door lock' });
    const bobBefore = (await notificationsOf(t.app, bob)).total;
    const res = await patch(request.id, { status: 'in_progress', note: ' Locksmith on Monday ' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    const { request: changed, history } = detailOf(res);
    expect(changed.status).toBe('in_progress');
    expect(history.at(-1)).toMatchObject({
      kind: 'status',
      byOffice: true,
      fromStatus: 'open',
      toStatus: 'in_progress',
      text: 'Locksmith on Monday',
    });
    expect(history.at(-1)?.actor?.id).toBe(adminId);

    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'request.status'), eq(auditLog.actorId, adminId)));
    expect(audit.map((a) => a.details)).toContainEqual(
      expect.objectContaining({ requestId: request.id, from: 'open', to: 'in_progress' }),
    );

    const page = await waitForNotifications(t.app, alice, (p) =>
      p.data.some((n) => n.type === 'request' && n.link.endsWith(request.id)),
    );
    const told = page.data.find((n) => n.type === 'request');
    expect(told).toMatchObject({
      text: 'The office marked your request “Door lock” in progress: Locksmith on Monday',
      link: `/main_dashboard/requests/${request.id}`,
    });
    expect(told?.actor?.id).toBe(adminId);
    await until(() =>
      liveRequests(aliceSocket).some((r) => r.id === request.id && r.status === 'in_progress'),
    );
    await until(() => liveNotifications(aliceSocket).some((n) => n.link.endsWith(request.id)));
    await settle();
    expect((await notificationsOf(t.app, bob)).total).toBe(bobBefore);
    expect(liveRequests(bobSocket).some((r) => r.id === request.id)).toBe(false);
    expect(liveNotifications(bobSocket).some((n) => n.type === 'request')).toBe(false);
  });

  it('refuses a bad status (400), the same status (409), an unknown request (404)', async () => {
    const { request } = await fileRequest(t.app, alice);
    expectError(await patch(request.id, { status: 'cancelled' }, admin), 400, { field: 'status' });
    expectError(await patch(request.id, {}, admin), 400, { field: 'status' });
    expectError(await patch(request.id, { status: 'done', note: 'x'.repeat(2001) }, admin), 400, {
      field: 'note',
    });
    expectError(await patch(request.id, { status: 'open' }, admin), 409, { field: 'status' });
    expectError(await patch('0190c0c0-0000-7000-8000-00000000dead', { status: 'done' }, admin), 404);
  });
});

describe('R-REQ-6 follow-ups and cancelling', () => {
  it('the requester cancels their own open request once; nobody else can; the office cannot reopen it', async () => {
    const { request } = await fileRequest(t.app, alice);
    const cancel = (headers: AuthHeaders) =>
      call(t.app, 'POST', `/api/requests/${request.id}/cancel`, undefined, headers);
    expectError(await cancel(bob), 404);
    expectError(await cancel(admin), 403);
    expectError(await cancel(anonymous()), 401);
    const res = await cancel(alice);
    expect(res.statusCode, res.body).toBe(200);
    expect(detailOf(res).history.at(-1)).toMatchObject({
      kind: 'status',
      fromStatus: 'open',
      toStatus: 'cancelled',
      byOffice: false,
    });
    expectError(await cancel(alice), 409);
    expectError(await patch(request.id, { status: 'open' }, admin), 409);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'request.cancel'));
    expect(audit.map((a) => a.details)).toContainEqual(expect.objectContaining({ requestId: request.id }));
  });

  it('a request in progress can no longer be cancelled', async () => {
    const { request } = await fileRequest(t.app, alice);
    await patch(request.id, { status: 'in_progress' }, admin);
    expectError(await call(t.app, 'POST', `/api/requests/${request.id}/cancel`, undefined, alice), 409);
  });

  it('the requester adds a follow-up, an admin a note the resident sees and is told of', async () => {
    const { request } = await fileRequest(t.app, alice, { title: 'Mailbox' });
    const comment = (headers: AuthHeaders, text: string) =>
      call(t.app, 'POST', `/api/requests/${request.id}/comments`, { text }, headers);
    const own = await comment(alice, 'It is still stuck');
    expect(own.statusCode, own.body).toBe(201);
    expect(detailOf(own).history.at(-1)).toMatchObject({ kind: 'comment', byOffice: false });
    const note = await comment(admin, 'We ordered a new key');
    expect(note.statusCode, note.body).toBe(201);
    expect(detailOf(note).history.map((e) => e.text)).toEqual([
      null,
      'It is still stuck',
      'We ordered a new key',
    ]);
    await waitForNotifications(t.app, alice, (p) =>
      p.data.some(
        (n) => n.text === 'The office added a note to your request “Mailbox”: We ordered a new key',
      ),
    );
    expectError(await comment(bob, 'me too'), 404);
    expectError(await comment(alice, '  '), 400, { field: 'text' });
    expectError(await comment(anonymous(), 'x'), 401);
    expectError(await comment(locked, 'x'), 403);
  });
});

describe('R-REQ-4 the photo', () => {
  it('is stored without EXIF and served only to the requester and admins', async () => {
    const photo = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#0a0' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCo' } })
      .toBuffer();
    const { request } = await fileRequest(
      t.app,
      alice,
      {},
      { name: 'leak.jpg', bytes: photo, type: 'image/jpeg' },
    );
    expect(request.photoUrl).toBe(`/api/requests/${request.id}/photo`);
    const get = (headers: AuthHeaders) =>
      t.app.inject({ method: 'GET', url: request.photoUrl ?? '', headers });
    for (const headers of [alice, admin]) {
      const served = await get(headers);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
      expect(served.rawPayload.includes('PhoneCo')).toBe(false);
    }
    expectError(await get(bob), 404);
    expectError(await get(anonymous()), 401);
    expectError(await get(locked), 403);
  });

  it('a PNG is kept as it is; a request without a photo has none (404)', async () => {
    const { request } = await fileRequest(
      t.app,
      alice,
      {},
      { name: 'p.png', bytes: PNG_1X1, type: 'image/png' },
    );
    const served = await t.app.inject({ method: 'GET', url: request.photoUrl ?? '', headers: admin });
    expect(served.headers['content-type']).toBe('image/png');
    // The office views the photo itself: no preview is written beside it.
    const stored = await readdir(chatDir(t.app.config.UPLOAD_DIR));
    expect(stored.filter((name) => name.endsWith('.thumb.webp'))).toEqual([]);
    const plain = await fileRequest(t.app, alice);
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/requests/${plain.request.id}/photo`, headers: alice }),
      404,
    );
  });
});
