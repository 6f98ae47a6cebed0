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

type CsrfPair = { secret: string; token: string };

/** Signs in with the pair `before`; the new session cookie and the pair the answer hands out. */
async function signIn(
  url: '/api/login' | '/api/signup',
  payload: Record<string, unknown>,
  before: CsrfPair,
): Promise<{ session: string; renewed: CsrfPair }> {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { cookie: `__Host-stoop_csrf=${before.secret}`, [CSRF_HEADER]: before.token },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  const cookie = cookieOf(res, '__Host-stoop_csrf');
  expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true });
  return {
    session: `__Host-stoop_session=${cookieOf(res, '__Host-stoop_session')!.value}`,
    renewed: { secret: cookie!.value, token: res.json<{ csrfToken: string }>().csrfToken },
  };
}

/** A mutating call of the session with a CSRF pair. */
const updateProfile = (session: string, csrf: CsrfPair) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/profile',
    payload: { description: 'Third floor, the one with the plants' },
    headers: { cookie: `${session}; __Host-stoop_csrf=${csrf.secret}`, [CSRF_HEADER]: csrf.token },
  });

describe('R-SESSION-12: the CSRF token is bound to the session', () => {
  it('a token issued to another client does not work on this session', async () => {
    const user = await makeUser(t.app);
    const { session, renewed } = await signIn(
      '/api/login',
      { email: user.email, password: TEST_PASSWORD },
      await csrfPair(),
    );
    expect((await updateProfile(session, renewed)).statusCode).toBe(200);
    // Another client's valid pair, e.g. planted as a cookie, is refused on this session.
    expectError(await updateProfile(session, await csrfPair()), 403, { code: ERROR_CODES.csrfMissing });
  });
});

describe('R-SESSION-14: the CSRF cookie is renewed at sign-in', () => {
  it('login: the pair fetched before is refused after it, the pair of the answer works', async () => {
    const user = await makeUser(t.app);
    const before = await csrfPair();
    const { session, renewed } = await signIn(
      '/api/login',
      { email: user.email, password: TEST_PASSWORD },
      before,
    );
    expect(renewed.secret).not.toBe(before.secret);
    expect(renewed.token).not.toBe(before.token);
    expectError(await updateProfile(session, before), 403, { code: ERROR_CODES.csrfMissing });
    expect((await updateProfile(session, renewed)).statusCode).toBe(200);
    // GET /api/csrf-token now hands out the renewed pair's token.
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/csrf-token',
      headers: { cookie: `${session}; __Host-stoop_csrf=${renewed.secret}` },
    });
    expect(again.json<{ csrfToken: string }>().csrfToken).toBe(renewed.token);
  });

  it('sign-up: the same, and a taken email gets the same renewal (R-ACCESS-8)', async () => {
    const taken = await makeUser(t.app);
    for (const [n, email] of [`new-${Date.now()}@example.com`, taken.email].entries()) {
      const before = await csrfPair();
      const { session, renewed } = await signIn(
        '/api/signup',
        {
          email,
          password: TEST_PASSWORD,
          username: `Neighbour ${n} ${Date.now().toString(36)}`,
          acceptTerms: true,
        },
        before,
      );
      expect(renewed.secret).not.toBe(before.secret);
      expect(renewed.token).not.toBe(before.token);
      if (email === taken.email) continue; // the stand-in session opens nothing to call
      // The new account waits for approval: logout is a mutating call it may make.
      const logout = (csrf: CsrfPair) =>
        t.app.inject({
          method: 'POST',
          url: '/api/logout',
          headers: { cookie: `${session}; __Host-stoop_csrf=${csrf.secret}`, [CSRF_HEADER]: csrf.token },
        });
      expectError(await logout(before), 403, { code: ERROR_CODES.csrfMissing });
      expect((await logout(renewed)).statusCode).toBe(200);
    }
  });
});
