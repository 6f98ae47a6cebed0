import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, makeUser, TEST_PASSWORD, type TestApp } from '../test/helpers.ts';
import { expectError } from '../test/http.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '3',
    RATE_LIMIT_LOGIN_PER_IP: '6',
    RATE_LIMIT_SIGNUP_PER_IP: '2',
  });
});
afterAll(async () => t.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    headers: csrfHeaders(t.app),
    remoteAddress: ip,
  });

describe('rate limits', () => {
  it('issue: login is limited per account (429 with a message)', async () => {
    const user = await makeUser(t.app);
    for (let i = 0; i < 3; i += 1)
      expect((await login(user.email, 'wrong password', `10.1.0.${i}`)).statusCode).toBe(401);
    const blocked = expectError(await login(user.email, TEST_PASSWORD, '10.1.0.9'), 429, {
      code: 'RATE_LIMITED',
    });
    expect(blocked.message).toMatch(
      /Too many sign-in attempts for this account\. Try again in \d+ minutes?\./,
    );
  });

  it('issue: login is limited per IP across accounts', async () => {
    for (let i = 0; i < 6; i += 1) await login(`someone${i}@example.com`, 'wrong password', '10.2.0.1');
    const blocked = expectError(await login('fresh@example.com', 'wrong password', '10.2.0.1'), 429);
    expect(blocked.message).toContain('from this network');
    // Another address is not affected.
    expect((await login('fresh@example.com', 'wrong password', '10.2.0.2')).statusCode).toBe(401);
  });

  it('issue: signup is limited per IP', async () => {
    const signup = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/signup',
        headers: csrfHeaders(t.app),
        remoteAddress: '10.3.0.1',
        payload: {
          email: `rl${n}@example.com`,
          password: 'long enough password',
          username: `Limit ${n}`,
          acceptTerms: true,
        },
      });
    expect((await signup(1)).statusCode).toBe(201);
    expect((await signup(2)).statusCode).toBe(201);
    expectError(await signup(3), 429, { code: 'RATE_LIMITED' });
  });
});
