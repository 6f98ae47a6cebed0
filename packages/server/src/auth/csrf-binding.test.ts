import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, ERROR_CODES } from '@stoop/shared';
import { createTestApp, makeUser, TEST_PASSWORD, type TestApp } from '../test/helpers.ts';
import { cookieOf, expectError } from '../test/http.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://stoop.test' });
});
afterAll(async () => t.close());

/** A client's CSRF pair, as GET /api/csrf-token hands it out. */
async function csrfPair(): Promise<{ secret: string; token: string }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/csrf-token' });
  const cookie = cookieOf(res, '__Host-stoop_csrf');
  expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true });
  expect(cookie?.domain).toBeUndefined();
  return { secret: cookie!.value, token: res.json<{ csrfToken: string }>().csrfToken };
}

describe('R-SESSION-11: __Host- cookies under an https PUBLIC_URL', () => {
  it('sets and reads the prefixed names only', async () => {
    const user = await makeUser(t.app);
    const csrf = await csrfPair();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: { cookie: `__Host-stoop_csrf=${csrf.secret}`, [CSRF_HEADER]: csrf.token },
    });
    expect(res.statusCode, res.body).toBe(200);
    const session = cookieOf(res, '__Host-stoop_session');
    expect(session).toMatchObject({ secure: true, path: '/' });
    expect(cookieOf(res, 'stoop_session')).toBeUndefined();
    const me = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/protected/user', headers: { cookie } });
    expect((await me(`__Host-stoop_session=${session!.value}`)).statusCode).toBe(200);
    // A plain-named cookie could have been planted by a sibling domain: it is not read.
    expectError(await me(`stoop_session=${session!.value}`), 401);
  });
});

describe('R-SESSION-12: the CSRF token is bound to the session', () => {
  it('a token issued to another client does not work on this session', async () => {
    const user = await makeUser(t.app);
    const own = await csrfPair();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: { cookie: `__Host-stoop_csrf=${own.secret}`, [CSRF_HEADER]: own.token },
    });
    const session = `__Host-stoop_session=${cookieOf(login, '__Host-stoop_session')!.value}`;
    const update = (csrf: { secret: string; token: string }) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/profile',
        payload: { description: 'Third floor, the one with the plants' },
        headers: { cookie: `${session}; __Host-stoop_csrf=${csrf.secret}`, [CSRF_HEADER]: csrf.token },
      });
    // The pair fetched before signing in keeps working after it.
    expect((await update(own)).statusCode).toBe(200);
    // Another client's valid pair, e.g. planted as a cookie, is refused on this session.
    expectError(await update(await csrfPair()), 403, { code: ERROR_CODES.csrfMissing });
  });
});
