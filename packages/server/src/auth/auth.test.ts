import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, type User } from '@stoop/shared';
import {
  csrfHeaders,
  createTestApp,
  makeUser,
  sessionFor,
  TEST_PASSWORD,
  type TestApp,
} from '../test/helpers.ts';
import { call, cookieOf, expectError } from '../test/http.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/csrf-token', () => {
  it('R-API-1: returns csrfToken and sets the stoop_csrf cookie (HttpOnly, SameSite=Lax)', async () => {
    const res = await call(t.app, 'GET', '/api/csrf-token');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ csrfToken: string }>().csrfToken).toMatch(/^[\w-]{20,}$/);
    const cookie = cookieOf(res, 'stoop_csrf');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('R-ACCESS-5: the token fetched with GET /api/csrf-token unlocks mutating calls', async () => {
    const res = await call(t.app, 'GET', '/api/csrf-token');
    const cookie = `stoop_csrf=${cookieOf(res, 'stoop_csrf')!.value}`;
    const headers = { cookie, [CSRF_HEADER]: res.json<{ csrfToken: string }>().csrfToken };
    const logout = await call(t.app, 'POST', '/api/logout', undefined, headers);
    expect(logout.statusCode).toBe(200);
  });

  it('R-LOCK-4: a locked user still gets a CSRF token', async () => {
    const locked = await makeUser(t.app, { locked: true });
    const res = await call(t.app, 'GET', '/api/csrf-token', undefined, await sessionFor(t.app, locked));
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /api/protected/user', () => {
  it('R-SESSION-2, R-API-3: without a session it answers 401 UNAUTHENTICATED', async () => {
    expectError(await call(t.app, 'GET', '/api/protected/user'), 401, { code: 'UNAUTHENTICATED' });
  });

  it('R-API-3: with a session it returns the user with metadata, never the password hash', async () => {
    const user = await makeUser(t.app, { metadata: { pronouns: 'she/her' } });
    const res = await call(t.app, 'GET', '/api/protected/user', undefined, await sessionFor(t.app, user));
    expect(res.statusCode).toBe(200);
    const body = res.json<{ user: User }>();
    expect(body.user).toMatchObject({
      id: user.id,
      email: user.email,
      role: 'resident',
      isLocked: false,
      reasonForLock: null,
    });
    expect(body.user.metadata).toMatchObject({
      pronouns: 'she/her',
      interests: [],
      gender: null,
      pets: null,
    });
    expect(res.body).not.toContain('passwordHash');
    expect(res.body).not.toContain('$argon2');
  });

  it('R-USER-2: a locked user is answered (not 403) and locked without reason shows pending_approval', async () => {
    const locked = await makeUser(t.app, { locked: true });
    const res = await call(t.app, 'GET', '/api/protected/user', undefined, await sessionFor(t.app, locked));
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: User }>().user).toMatchObject({
      isLocked: true,
      reasonForLock: 'pending_approval',
    });
  });

  it('a forged session cookie counts as no session', async () => {
    const res = await call(t.app, 'GET', '/api/protected/user', undefined, {
      cookie: 'stoop_session=forged',
    });
    expectError(res, 401);
  });
});

describe('POST /api/login', () => {
  it('R-API-5, R-SESSION-5: signs in, returns the user and sets the session cookie (HttpOnly, SameSite=Lax, path /)', async () => {
    const user = await makeUser(t.app);
    const res = await call(
      t.app,
      'POST',
      '/api/login',
      { email: user.email, password: TEST_PASSWORD },
      csrfHeaders(t.app),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: User }>().user.id).toBe(user.id);
    const cookie = cookieOf(res, 'stoop_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy(); // plain http in this app
    const me = await call(t.app, 'GET', '/api/protected/user', undefined, {
      cookie: `stoop_session=${cookie!.value}`,
    });
    expect(me.json<{ user: User }>().user.id).toBe(user.id);
  });

  it('login accepts the email in any case', async () => {
    const user = await makeUser(t.app);
    const res = await call(
      t.app,
      'POST',
      '/api/login',
      { email: user.email.toUpperCase(), password: TEST_PASSWORD },
      csrfHeaders(t.app),
    );
    expect(res.statusCode).toBe(200);
  });

  it('issue: wrong password and unknown email give the same 401', async () => {
    const user = await makeUser(t.app);
    const wrong = await call(
      t.app,
      'POST',
      '/api/login',
      { email: user.email, password: 'wrong password' },
      csrfHeaders(t.app),
    );
    const unknown = await call(
      t.app,
      'POST',
      '/api/login',
      { email: 'nobody@example.com', password: 'wrong password' },
      csrfHeaders(t.app),
    );
    const a = expectError(wrong, 401, { message: 'Invalid email or password' });
    const b = expectError(unknown, 401);
    expect(b).toEqual(a);
    expect(cookieOf(wrong, 'stoop_session')).toBeUndefined();
  });

  it('R-LOCK-3: a locked account can sign in and learns it is locked', async () => {
    const user = await makeUser(t.app, { reason: 'admin_lock' });
    const res = await call(
      t.app,
      'POST',
      '/api/login',
      { email: user.email, password: TEST_PASSWORD },
      csrfHeaders(t.app),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: User }>().user).toMatchObject({ isLocked: true, reasonForLock: 'admin_lock' });
  });

  it.each([
    ['email', { password: 'x' }],
    ['email', { email: 'not-an-email', password: 'x' }],
    ['password', { email: 'a@example.com' }],
    ['password', { email: 'a@example.com', password: '' }],
  ])('validation: 400 naming the field %s', async (field, body) => {
    const res = await call(t.app, 'POST', '/api/login', body, csrfHeaders(t.app));
    const error = expectError(res, 400, { field, code: 'VALIDATION_ERROR' });
    expect(error.message).toContain(field);
  });

  it('R-ACCESS-5: without the CSRF header the call is refused with 403 CSRF_INVALID', async () => {
    const res = await call(t.app, 'POST', '/api/login', { email: 'a@example.com', password: 'x' });
    expectError(res, 403, { code: 'CSRF_INVALID' });
  });

  it('R-ACCESS-5: a CSRF header that does not match the cookie is refused', async () => {
    const headers = { ...csrfHeaders(t.app), [CSRF_HEADER]: csrfHeaders(t.app)[CSRF_HEADER] };
    expectError(
      await call(t.app, 'POST', '/api/login', { email: 'a@example.com', password: 'x' }, headers),
      403,
      {
        code: 'CSRF_INVALID',
      },
    );
  });

  it('issue: malformed JSON gives 400, never 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { ...csrfHeaders(t.app), 'content-type': 'application/json' },
      payload: '{"email": "a@example.com", "password": ',
    });
    expectError(res, 400);
  });

  it('issue: an oversized body gives 413, never 500', async () => {
    const res = await call(
      t.app,
      'POST',
      '/api/login',
      { email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) },
      csrfHeaders(t.app),
    );
    expectError(res, 413, { code: 'PAYLOAD_TOO_LARGE' });
  });

  it('an unsupported content type gives 415, never 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { ...csrfHeaders(t.app), 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expectError(res, 415);
  });

  it('a JSON array or null body gives 400', async () => {
    expectError(await call(t.app, 'POST', '/api/login', [1, 2], csrfHeaders(t.app)), 400);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { ...csrfHeaders(t.app), 'content-type': 'application/json' },
      payload: 'null',
    });
    expectError(res, 400);
  });

  it('R-ACCESS-4, R-LOCK-4: a locked session cannot call login (403 ACCOUNT_LOCKED)', async () => {
    const locked = await makeUser(t.app, { locked: true });
    const res = await call(
      t.app,
      'POST',
      '/api/login',
      { email: locked.email, password: TEST_PASSWORD },
      await sessionFor(t.app, locked),
    );
    expectError(res, 403, { code: 'ACCOUNT_LOCKED' });
  });
});

describe('POST /api/logout', () => {
  it('R-API-6, R-SESSION-4: ends the session, clears the cookie and returns a new CSRF token', async () => {
    const user = await makeUser(t.app);
    const headers = await sessionFor(t.app, user);
    const res = await call(t.app, 'POST', '/api/logout', undefined, headers);
    expect(res.statusCode).toBe(200);
    const { csrfToken } = res.json<{ csrfToken: string }>();
    expect(csrfToken).not.toBe(headers[CSRF_HEADER]);
    expect(cookieOf(res, 'stoop_session')?.value).toBe('');
    const newCsrf = cookieOf(res, 'stoop_csrf');
    expect(newCsrf?.value).toBeTruthy();
    // The old session cookie is dead.
    expectError(await call(t.app, 'GET', '/api/protected/user', undefined, headers), 401);
    // The new token works with the new cookie.
    const next = await call(t.app, 'POST', '/api/logout', undefined, {
      cookie: `stoop_csrf=${newCsrf!.value}`,
      [CSRF_HEADER]: csrfToken,
    });
    expect(next.statusCode).toBe(200);
  });

  it('R-LOCK-4: a locked user can log out', async () => {
    const locked = await makeUser(t.app, { locked: true });
    expect(
      (await call(t.app, 'POST', '/api/logout', undefined, await sessionFor(t.app, locked))).statusCode,
    ).toBe(200);
  });

  it('R-ACCESS-5: logout without the CSRF header is refused', async () => {
    const user = await makeUser(t.app);
    const { cookie } = await sessionFor(t.app, user);
    expectError(await call(t.app, 'POST', '/api/logout', undefined, { cookie }), 403, {
      code: 'CSRF_INVALID',
    });
  });
});

describe('POST /api/signup', () => {
  const body = (email: string) => ({
    email,
    password: 'long enough password',
    username: 'New Neighbour',
    acceptTerms: true,
  });

  it('R-API-27, R-LOCK-1: creates a locked (pending approval) user and a session; 201', async () => {
    const res = await call(t.app, 'POST', '/api/signup', body('new@example.com'), csrfHeaders(t.app));
    expect(res.statusCode).toBe(201);
    expect(res.json<{ user: User }>().user).toMatchObject({
      email: 'new@example.com',
      username: 'New Neighbour',
      role: 'resident',
      isLocked: true,
      reasonForLock: 'pending_approval',
    });
    const session = cookieOf(res, 'stoop_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const cookie = `stoop_session=${session!.value}`;
    const me = await call(t.app, 'GET', '/api/protected/user', undefined, { cookie });
    expect(me.json<{ user: User }>().user.isLocked).toBe(true);
    // R-ROLE-4, R-ACCESS-4: the new (locked) account is confined.
    expectError(await call(t.app, 'GET', '/api/users', undefined, { cookie }), 403, {
      code: 'ACCOUNT_LOCKED',
    });
  });

  it('R-ACCESS-8: a taken email (any case) answers as a new sign-up, with a session that opens nothing', async () => {
    const first = await call(t.app, 'POST', '/api/signup', body('twice@example.com'), csrfHeaders(t.app));
    const res = await call(t.app, 'POST', '/api/signup', body('TWICE@example.com'), csrfHeaders(t.app));
    expect(res.statusCode).toBe(first.statusCode);
    const [created, standIn] = [first.json<{ user: User }>().user, res.json<{ user: User }>().user];
    expect(Object.keys(standIn).sort()).toEqual(Object.keys(created).sort());
    expect(standIn).toMatchObject({ isLocked: true, reasonForLock: 'pending_approval', role: 'resident' });
    expect(standIn.id).not.toBe(created.id);
    const session = cookieOf(res, 'stoop_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const me = await call(t.app, 'GET', '/api/protected/user', undefined, {
      cookie: `stoop_session=${session!.value}`,
    });
    expect(me.statusCode).toBe(401);
  });

  it.each([
    ['email', { email: 'bad' }],
    ['password', { password: 'short' }],
    ['username', { username: 'x' }],
    ['username', { username: '<script>' }],
    ['acceptTerms', { acceptTerms: false }],
    ['acceptTerms', { acceptTerms: undefined }],
  ])('validation: 400 naming the field %s', async (field, change) => {
    const res = await call(
      t.app,
      'POST',
      '/api/signup',
      { ...body('valid@example.com'), ...change },
      csrfHeaders(t.app),
    );
    expectError(res, 400, { field });
  });

  it('R-ACCESS-5, R-API-27, R-LOCK-1: signup without the CSRF header is refused', async () => {
    expectError(await call(t.app, 'POST', '/api/signup', body('nocsrf@example.com')), 403, {
      code: 'CSRF_INVALID',
    });
  });
});

describe('secure cookies', () => {
  it('R-SESSION-5: the session cookie is Secure when PUBLIC_URL is https', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://stoop.example' });
    try {
      const user = await makeUser(https.app);
      const res = await call(
        https.app,
        'POST',
        '/api/login',
        { email: user.email, password: TEST_PASSWORD },
        csrfHeaders(https.app),
      );
      // R-SESSION-11: under https the name carries the __Host- prefix.
      expect(cookieOf(res, '__Host-stoop_session')?.secure).toBe(true);
    } finally {
      await https.close();
    }
  });

  it('R-SESSION-5: the session cookie is Secure behind an https proxy when TRUST_PROXY is set', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const user = await makeUser(proxied.app);
      const headers = { ...csrfHeaders(proxied.app), 'x-forwarded-proto': 'https' };
      const res = await call(
        proxied.app,
        'POST',
        '/api/login',
        { email: user.email, password: TEST_PASSWORD },
        headers,
      );
      expect(cookieOf(res, 'stoop_session')?.secure).toBe(true);
    } finally {
      await proxied.close();
    }
  });
});
