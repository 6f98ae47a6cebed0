/**
 * PUT /api/profile: enumerated metadata values (R-PROFILE-2), email and password changes with the
 * current password (R-PROFILE-4) and broken multipart bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, type User } from '@stoop/shared';
import {
  createTestApp,
  csrfHeaders,
  makeUser,
  readOutbox,
  sessionFor,
  TEST_PASSWORD,
  type AuthHeaders,
  type TestApp,
} from '../test/helpers.ts';
import { call, cookieOf, expectError } from '../test/http.ts';
import { multipart } from '../test/multipart.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function putProfile(headers: AuthHeaders, fields: Record<string, string>) {
  const body = multipart(fields);
  return t.app.inject({
    method: 'PUT',
    url: '/api/profile',
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

const login = (email: string, password: string) =>
  call(t.app, 'POST', '/api/login', { email, password }, csrfHeaders(t.app));

describe('PUT /api/profile: enumerated metadata (R-PROFILE-2)', () => {
  it('accepts and keeps listed values; null unsets', async () => {
    const user = await makeUser(t.app);
    const headers = await sessionFor(t.app, user);
    const metadata = {
      gender: 'genderqueer',
      sexuality: 'pansexual',
      relationshipStatus: 'its-complicated',
      hasKids: 'want-kids',
      smoking: 'never',
      drinking: 'sober',
      pets: 'reptiles',
    };
    const res = await putProfile(headers, { metadata: JSON.stringify(metadata) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: User }>().user.metadata).toMatchObject(metadata);
    const me = await call(t.app, 'GET', '/api/protected/user', undefined, headers);
    expect(me.json<{ user: User }>().user.metadata).toMatchObject(metadata);
    const unset = await putProfile(headers, { metadata: JSON.stringify({ gender: null }) });
    expect(unset.json<{ user: User }>().user.metadata).toMatchObject({ gender: null, pets: 'reptiles' });
  });

  it.each([
    ['gender', 'robot'],
    ['sexuality', 'Straight'], // labels are not values
    ['relationshipStatus', 'complicated'],
    ['hasKids', 'two'],
    ['smoking', 'sometimes'],
    ['drinking', 'always'],
    ['pets', 'dragon'],
  ])('refuses another %s value with 400 naming the field', async (field, value) => {
    const user = await makeUser(t.app);
    const body = expectError(
      await putProfile(await sessionFor(t.app, user), { metadata: JSON.stringify({ [field]: value }) }),
      400,
      { field: `metadata.${field}`, code: ERROR_CODES.validation },
    );
    expect(body.message).toMatch(new RegExp(`^metadata\\.${field}: must be one of`));
  });

  it('keeps a value stored before the lists existed when it is sent back unchanged', async () => {
    const user = await makeUser(t.app, { metadata: { pets: 'dog (Pepper)' } });
    const headers = await sessionFor(t.app, user);
    const res = await putProfile(headers, {
      description: 'Still here',
      metadata: JSON.stringify({ pets: 'dog (Pepper)', smoking: 'never' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: User }>().user.metadata).toMatchObject({
      pets: 'dog (Pepper)',
      smoking: 'never',
    });
    expectError(await putProfile(headers, { metadata: JSON.stringify({ pets: 'dog (Rex)' }) }), 400, {
      field: 'metadata.pets',
    });
  });
});

describe('PUT /api/profile: email and password changes (R-PROFILE-4)', () => {
  it('an email change needs the current password', async () => {
    const user = await makeUser(t.app);
    const headers = await sessionFor(t.app, user);
    const email = `moved-${user.id.slice(-6)}@example.com`;
    expectError(await putProfile(headers, { email }), 400, { field: 'currentPassword' });
    expectError(await putProfile(headers, { email, currentPassword: 'wrong password' }), 400, {
      field: 'currentPassword',
    });
    // Sending the stored email back (the whole form) needs no password.
    expect((await putProfile(headers, { email: user.email, description: 'x' })).statusCode).toBe(200);
    const res = await putProfile(headers, { email: email.toUpperCase(), currentPassword: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: User }>().user.email).toBe(email); // R-USER-14: stored lower-cased
    expect((await login(email, TEST_PASSWORD)).statusCode).toBe(200);
    // R-PROFILE-6: the old address hears of it, naming the new one.
    const notice = (await readOutbox(t.app)).filter((m) => m.to === user.email);
    expect(notice.map((m) => m.subject)).toEqual(['Your Stoop email address was changed']);
    expect(notice[0]?.text).toContain(email);
    expect((await readOutbox(t.app)).filter((m) => m.to === email)).toEqual([]);
  });

  it('R-USER-14: an email taken by another account gives 409, in any case', async () => {
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

  it('a password change needs the current password and ends the other sessions only', async () => {
    const user = await makeUser(t.app);
    const headers = await sessionFor(t.app, user);
    const other = await sessionFor(t.app, user);
    expectError(await putProfile(headers, { newPassword: 'a brand new secret' }), 400, {
      field: 'currentPassword',
    });
    expectError(
      await putProfile(headers, { newPassword: 'a brand new secret', currentPassword: 'not it at all' }),
      400,
      { field: 'currentPassword' },
    );
    expectError(await putProfile(headers, { newPassword: 'short', currentPassword: TEST_PASSWORD }), 400, {
      field: 'newPassword',
    });
    const res = await putProfile(headers, {
      newPassword: 'a brand new secret',
      currentPassword: TEST_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('$argon2');
    expect((await call(t.app, 'GET', '/api/protected/user', undefined, headers)).statusCode).toBe(200);
    expectError(await call(t.app, 'GET', '/api/protected/user', undefined, other), 401);
    expectError(await login(user.email, TEST_PASSWORD), 401);
    const fresh = await login(user.email, 'a brand new secret');
    expect(fresh.statusCode).toBe(200);
    expect(cookieOf(fresh, 'stoop_session')).toBeDefined();
  });

  it('R-ACCESS-3, R-ACCESS-4: anonymous 401, locked 403 ACCOUNT_LOCKED', async () => {
    expectError(await putProfile(csrfHeaders(t.app), { newPassword: 'a brand new secret' }), 401);
    const locked = await makeUser(t.app, { locked: true });
    expectError(
      await putProfile(await sessionFor(t.app, locked), {
        newPassword: 'a brand new secret',
        currentPassword: TEST_PASSWORD,
      }),
      403,
      { code: 'ACCOUNT_LOCKED' },
    );
  });
});

describe('PUT /api/profile: broken multipart bodies', () => {
  const send = async (payload: Buffer, contentType: string) => {
    const user = await makeUser(t.app);
    return t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { ...(await sessionFor(t.app, user)), 'content-type': contentType },
      payload,
    });
  };

  it('a truncated body (no closing boundary, cut inside a part) gives 400', async () => {
    const { payload, contentType } = multipart({ description: 'cut off', username: 'Truncated Tim' });
    expectError(await send(payload.subarray(0, payload.length - 40), contentType), 400, {
      code: ERROR_CODES.validation,
    });
  });

  it('a malformed body (garbage, or a part without headers) gives 400', async () => {
    const contentType = 'multipart/form-data; boundary=----stoop-test-boundary';
    expectError(await send(Buffer.from('this is not multipart at all'), contentType), 400);
    expectError(
      await send(Buffer.from('------stoop-test-boundary\r\nno header line\r\n\r\n'), contentType),
      400,
    );
  });

  it('a multipart content type without a boundary gives 400', async () => {
    expectError(await send(Buffer.from('x'), 'multipart/form-data'), 400);
  });
});
