import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { PresentedUser, User } from '@stoop/shared';
import {
  createTestApp,
  csrfHeaders,
  makeAdmin,
  makeUser,
  sessionFor,
  TEST_PASSWORD,
  type TestApp,
} from '../test/helpers.ts';
import { call, expectError } from '../test/http.ts';
import { multipart } from '../test/multipart.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Users = { users: PresentedUser[] };

describe('GET /api/users', () => {
  it('R-API-8, R-ACCESS-6: lists approved users with public fields only (no email, no lock state, no hash)', async () => {
    const viewer = await makeUser(t.app, { username: 'Viewer Vera' });
    const neighbour = await makeUser(t.app, { username: 'Neighbour Ned' });
    const pending = await makeUser(t.app, { username: 'Pending Pia', locked: true });
    const res = await call(t.app, 'GET', '/api/users', undefined, await sessionFor(t.app, viewer));
    expect(res.statusCode).toBe(200);
    const { users } = res.json<Users>();
    const ids = users.map((u) => u.id);
    expect(ids).toContain(neighbour.id);
    expect(ids).not.toContain(pending.id);
    const ned = users.find((u) => u.id === neighbour.id)!;
    expect(ned).not.toHaveProperty('email');
    expect(ned).not.toHaveProperty('isLocked');
    expect(ned.metadata).toHaveProperty('interests');
    expect(res.body).not.toContain('$argon2');
    expect(res.body).not.toContain(neighbour.email);
  });

  it('R-API-8: q filters on username, case-insensitively, wildcards taken literally', async () => {
    const viewer = await makeUser(t.app);
    await makeUser(t.app, { username: 'Zelda Quartz' });
    const res = await call(t.app, 'GET', '/api/users?q=zelda', undefined, await sessionFor(t.app, viewer));
    expect(res.json<Users>().users.map((u) => u.username)).toEqual(['Zelda Quartz']);
    const none = await call(t.app, 'GET', '/api/users?q=%25', undefined, await sessionFor(t.app, viewer));
    expect(none.json<Users>().users).toEqual([]);
  });

  it('validation: a bad limit gives 400 naming limit', async () => {
    const viewer = await makeUser(t.app);
    expectError(
      await call(t.app, 'GET', '/api/users?limit=0', undefined, await sessionFor(t.app, viewer)),
      400,
      { field: 'limit' },
    );
  });

  it('R-ACCESS-3: anonymous gets 401', async () => {
    expectError(await call(t.app, 'GET', '/api/users'), 401, { code: 'UNAUTHENTICATED' });
  });

  it('R-ACCESS-4: locked user gets 403 ACCOUNT_LOCKED from GET /api/users', async () => {
    const locked = await makeUser(t.app, { reason: 'admin_lock' });
    expectError(await call(t.app, 'GET', '/api/users', undefined, await sessionFor(t.app, locked)), 403, {
      code: 'ACCOUNT_LOCKED',
    });
  });
});

describe('GET /api/users/{id}', () => {
  it('R-API-9: returns the user; others see the public shape, the owner and admins the full one', async () => {
    const target = await makeUser(t.app, { description: 'Plant person in 3C' });
    const other = await makeUser(t.app);
    const admin = await makeAdmin(t.app);
    const asOther = await call(
      t.app,
      'GET',
      `/api/users/${target.id}`,
      undefined,
      await sessionFor(t.app, other),
    );
    expect(asOther.statusCode).toBe(200);
    expect(asOther.json<{ user: PresentedUser }>().user).toMatchObject({
      id: target.id,
      description: 'Plant person in 3C',
    });
    expect(asOther.json<{ user: PresentedUser }>().user).not.toHaveProperty('email');
    const asAdmin = await call(
      t.app,
      'GET',
      `/api/users/${target.id}`,
      undefined,
      await sessionFor(t.app, admin),
    );
    expect(asAdmin.json<{ user: PresentedUser }>().user).toMatchObject({
      email: target.email,
      isLocked: false,
    });
    const asSelf = await call(
      t.app,
      'GET',
      `/api/users/${target.id}`,
      undefined,
      await sessionFor(t.app, target),
    );
    expect(asSelf.json<{ user: PresentedUser }>().user.email).toBe(target.email);
  });

  it('R-API-9: a missing user gives 404, a locked user is hidden from residents', async () => {
    const viewer = await makeUser(t.app);
    const locked = await makeUser(t.app, { locked: true });
    const headers = await sessionFor(t.app, viewer);
    expectError(
      await call(t.app, 'GET', '/api/users/0190c0c0-0000-7000-8000-000000000000', undefined, headers),
      404,
    );
    expectError(await call(t.app, 'GET', `/api/users/${locked.id}`, undefined, headers), 404);
  });

  it('validation: a non-UUID id gives 400 naming id', async () => {
    const viewer = await makeUser(t.app);
    expectError(await call(t.app, 'GET', '/api/users/abc', undefined, await sessionFor(t.app, viewer)), 400, {
      field: 'id',
    });
  });

  it('R-ACCESS-4, R-ACCESS-3: anonymous 401, locked 403 ACCOUNT_LOCKED', async () => {
    const target = await makeUser(t.app);
    expectError(await call(t.app, 'GET', `/api/users/${target.id}`), 401);
    const locked = await makeUser(t.app, { locked: true });
    expectError(
      await call(t.app, 'GET', `/api/users/${target.id}`, undefined, await sessionFor(t.app, locked)),
      403,
      {
        code: 'ACCOUNT_LOCKED',
      },
    );
  });
});

async function putProfile(
  headers: Record<string, string>,
  fields: Record<string, string>,
  file?: Parameters<typeof multipart>[1],
) {
  const body = multipart(fields, file);
  return t.app.inject({
    method: 'PUT',
    url: '/api/profile',
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

const png = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

describe('PUT /api/profile', () => {
  it('R-API-7: multipart username, description and metadata JSON update the profile', async () => {
    const user = await makeUser(t.app, { metadata: { work: 'Nurse' } });
    const res = await putProfile(await sessionFor(t.app, user), {
      username: 'Renamed Rita',
      description: 'Loves the rooftop garden',
      metadata: JSON.stringify({ interests: ['gardening', 'chess'], pets: 'cat', newToArea: true }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<{ user: User }>().user;
    expect(updated).toMatchObject({ username: 'Renamed Rita', description: 'Loves the rooftop garden' });
    // Metadata is merged: fields not sent keep their value.
    expect(updated.metadata).toMatchObject({
      interests: ['gardening', 'chess'],
      pets: 'cat',
      newToArea: true,
      work: 'Nurse',
    });
  });

  it('R-API-7, R-UPLOAD-4: an avatar file is resized to 256x256 webp and served to signed-in users only', async () => {
    const user = await makeUser(t.app);
    const headers = await sessionFor(t.app, user);
    const res = await putProfile(
      headers,
      {},
      { name: 'avatar', filename: 'me.png', type: 'image/png', data: await png() },
    );
    expect(res.statusCode, res.body).toBe(200);
    const avatar = res.json<{ user: User }>().user.avatar!;
    expect(avatar).toMatch(/^\/api\/avatars\/[0-9a-f-]{36}\.webp$/);
    const image = await call(t.app, 'GET', avatar, undefined, headers);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    expectError(await call(t.app, 'GET', avatar), 401);
    // avatarPath '' removes it.
    const cleared = await putProfile(headers, { avatarPath: '' });
    expect(cleared.json<{ user: User }>().user.avatar).toBeNull();
  });

  it('JSON bodies work too', async () => {
    const user = await makeUser(t.app);
    const res = await call(
      t.app,
      'PUT',
      '/api/profile',
      { description: 'JSON works' },
      await sessionFor(t.app, user),
    );
    expect(res.json<{ user: User }>().user.description).toBe('JSON works');
  });

  it.each([
    ['username', { username: 'x' }],
    ['email', { email: 'not-an-email' }],
    ['description', { description: 'x'.repeat(1001) }],
    ['metadata', { metadata: '{not json' }],
    ['metadata.newToArea', { metadata: JSON.stringify({ newToArea: 'yes' }) }],
    ['metadata.interests', { metadata: JSON.stringify({ interests: 'chess' }) }],
    ['avatarPath', { avatarPath: '/etc/passwd' }],
  ])('validation: 400 naming %s', async (field, fields) => {
    const user = await makeUser(t.app);
    expectError(await putProfile(await sessionFor(t.app, user), fields), 400, { field });
  });

  it('validation: a non-image avatar gives 400 naming avatar', async () => {
    const user = await makeUser(t.app);
    const res = await putProfile(
      await sessionFor(t.app, user),
      {},
      { name: 'avatar', filename: 'x.png', type: 'image/png', data: Buffer.from('not an image') },
    );
    expectError(res, 400, { field: 'avatar' });
  });

  it('issue: an oversized avatar gives 413, never 500', async () => {
    const user = await makeUser(t.app);
    const big = Buffer.alloc(11 * 1024 * 1024, 1);
    const res = await putProfile(
      await sessionFor(t.app, user),
      {},
      { name: 'avatar', filename: 'big.png', type: 'image/png', data: big },
    );
    expectError(res, 413);
  });

  it('R-USER-14, R-PROFILE-4: an email taken by another account gives 409', async () => {
    const taken = await makeUser(t.app);
    const user = await makeUser(t.app);
    expectError(
      await putProfile(await sessionFor(t.app, user), {
        email: taken.email.toUpperCase(),
        currentPassword: TEST_PASSWORD,
      }),
      409,
      { field: 'email' },
    );
  });

  it('R-ACCESS-4, R-ACCESS-3, R-ACCESS-5: anonymous 401, locked 403 ACCOUNT_LOCKED, no CSRF 403', async () => {
    expectError(await putProfile(csrfHeaders(t.app), { description: 'x' }), 401);
    const locked = await makeUser(t.app, { locked: true });
    expectError(await putProfile(await sessionFor(t.app, locked), { description: 'x' }), 403, {
      code: 'ACCOUNT_LOCKED',
    });
    const user = await makeUser(t.app);
    const { cookie } = await sessionFor(t.app, user);
    expectError(await putProfile({ cookie }, { description: 'x' }), 403, { code: 'CSRF_INVALID' });
  });

  it('issue: malformed JSON to PUT /api/profile gives 400', async () => {
    const user = await makeUser(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { ...(await sessionFor(t.app, user)), 'content-type': 'application/json' },
      payload: '{"description":',
    });
    expectError(res, 400);
  });
});

describe('GET /api/avatars/{file}', () => {
  it('unknown or malformed names give 404', async () => {
    const user = await makeUser(t.app);
    const headers = await sessionFor(t.app, user);
    expectError(
      await call(t.app, 'GET', '/api/avatars/0190c0c0-0000-7000-8000-000000000000.webp', undefined, headers),
      404,
    );
    expectError(await call(t.app, 'GET', '/api/avatars/..%2F..%2Fsession-secret', undefined, headers), 404);
  });
});
