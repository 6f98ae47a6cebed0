import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  makeChannel,
  makeDirect,
  sendText,
  injectForm,
  formOf,
  type Headers,
} from '../conversations/testing.ts';
import {
  createTestApp,
  csrfHeaders,
  makeUser,
  sessionFor,
  TEST_PASSWORD,
  type TestApp,
} from '../test/helpers.ts';
import { expectError } from '../test/http.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    // Back to the shipped defaults: the sizes below are what a building gets.
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '',
    RATE_LIMIT_SIGNUP_PER_IP: '',
    RATE_LIMIT_LOGIN_PER_IP: '',
    // Small, so the tests reach them quickly.
    RATE_LIMIT_LOGIN_FREE_FAILURES: '3',
    RATE_LIMIT_RESET_MAIL_PER_ACCOUNT: '2',
    RATE_LIMIT_USER_PER_MINUTE: '20',
    RATE_LIMIT_SESSION_PER_MINUTE: '12',
    RATE_LIMIT_SENDS_PER_CONVERSATION_PER_MINUTE: '4',
    RATE_LIMIT_CHANNELS_PER_HOUR: '2',
  });
});
afterAll(async () => t.close());

const BUILDING = '10.20.0.1';

const login = (email: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    headers: csrfHeaders(t.app),
    remoteAddress: ip,
  });

const get = (path: string, headers: Headers, ip = BUILDING) =>
  t.app.inject({ method: 'GET', url: path, headers, remoteAddress: ip });

describe('R-LIMIT-2: sign-ups from one address', () => {
  it('50 sign-ups from one address in an hour pass', async () => {
    for (let n = 0; n < 50; n += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/signup',
        headers: csrfHeaders(t.app),
        remoteAddress: '10.30.0.1',
        payload: {
          email: `mover${n}@example.com`,
          password: 'long enough password',
          username: `Mover ${n}`,
          acceptTerms: true,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
});

describe('R-LIMIT-3: failed sign-ins slow one account from one address', () => {
  it('an attacker hammering the admin from elsewhere is slowed; the admin still signs in from home', async () => {
    const admin = await makeUser(t.app, { role: 'admin' });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1)
      statuses.push((await login(admin.email, 'guess', '10.66.0.1')).statusCode);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual(Array(9).fill(429));
    const refused = expectError(await login(admin.email, TEST_PASSWORD, '10.66.0.1'), 429, {
      code: 'RATE_LIMITED',
    });
    expect(refused.message).toBe(
      'Too many failed sign-ins for this account from this network. Try again in 1 second.',
    );
    expect((await login(admin.email, TEST_PASSWORD, '10.1.1.1')).statusCode).toBe(200);
  });

  it('each further failure waits twice as long; a success clears the count', async () => {
    const user = await makeUser(t.app);
    const ip = '10.67.0.1';
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let i = 0; i < 3; i += 1) await login(user.email, 'guess', ip);
      vi.setSystemTime(Date.now() + 1100);
      expect((await login(user.email, 'guess', ip)).statusCode).toBe(401);
      expect(expectError(await login(user.email, 'guess', ip), 429).message).toMatch(/in 2 seconds\.$/);
      vi.setSystemTime(Date.now() + 2100);
      expect((await login(user.email, TEST_PASSWORD, ip)).statusCode).toBe(200);
      expect((await login(user.email, 'guess', ip)).statusCode).toBe(401);
      expect((await login(user.email, 'guess', ip)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('R-LIMIT-4: reset mails per account', () => {
  it('a reset-mail flood for one email is capped, whatever the address; other emails are not', async () => {
    const forgot = (email: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email },
        headers: csrfHeaders(t.app),
        remoteAddress: ip,
      });
    const user = await makeUser(t.app);
    expect((await forgot(user.email, '10.40.0.1')).statusCode).toBe(204);
    expect((await forgot(user.email, '10.40.0.2')).statusCode).toBe(204);
    const refused = expectError(await forgot(user.email.toUpperCase(), '10.40.0.3'), 429);
    expect(refused.message).toMatch(
      /^Too many reset mails asked for this email\. Try again in \d+ minutes?\.$/,
    );
    expect((await forgot('someone-else@example.com', '10.40.0.3')).statusCode).toBe(204);
  });
});

describe('R-LIMIT-1: signed-in calls count per resident and per session, not per address', () => {
  it('one busy resident is slowed; a neighbour and an anonymous visitor on the same address are not', async () => {
    const busy = await makeUser(t.app);
    const phone = await sessionFor(t.app, busy);
    const laptop = await sessionFor(t.app, busy);
    const neighbour = await sessionFor(t.app, await makeUser(t.app));
    for (let i = 0; i < 12; i += 1) expect((await get('/api/protected/user', phone)).statusCode).toBe(200);
    const perSession = expectError(await get('/api/protected/user', phone), 429, { code: 'RATE_LIMITED' });
    expect(perSession.message).toMatch(/^Too many requests from this device\. Try again in 1 minute\.$/);
    // The resident's other session has its own budget, up to the resident's.
    for (let i = 0; i < 7; i += 1) expect((await get('/api/protected/user', laptop)).statusCode).toBe(200);
    const perUser = expectError(await get('/api/protected/user', laptop), 429);
    expect(perUser.message).toMatch(/^Too many requests from your account\./);
    expect((await get('/api/protected/user', neighbour)).statusCode).toBe(200);
    expect((await get('/api/csrf-token', {})).statusCode).toBe(200);
  });
});

describe('R-LIMIT-5: sends per resident and conversation', () => {
  it('one resident flooding sends is slowed; a neighbour on the same address is unaffected', async () => {
    const flooder = await sessionFor(t.app, await makeUser(t.app));
    const neighbourUser = await makeUser(t.app);
    const neighbour = await sessionFor(t.app, neighbourUser);
    const channel = await makeChannel(t.app, neighbour);
    const send = (headers: Headers, conversationId: string, content: string) =>
      injectForm(t.app, 'POST', `/api/conversations/${conversationId}/messages`, formOf({ content }), {
        ...headers,
      });
    for (let i = 0; i < 4; i += 1)
      expect((await send(flooder, channel.id, `spam ${i}`)).statusCode).toBe(201);
    const refused = expectError(await send(flooder, channel.id, 'spam again'), 429, { code: 'RATE_LIMITED' });
    expect(refused.message).toBe(
      'You are sending messages too fast in this conversation. Wait a moment. Try again in 1 minute.',
    );
    await sendText(t.app, neighbour, channel.id, 'Is the laundry room open?');
    // The flooder is slowed in that conversation only.
    const direct = await makeDirect(t.app, flooder, neighbourUser.id);
    await sendText(t.app, flooder, direct.id, 'Sorry about the noise');
  });
});

describe('R-LIMIT-6: channel creation per resident', () => {
  it('a resident creating channels is stopped after the limit; neighbours and direct chats are not', async () => {
    const eager = await sessionFor(t.app, await makeUser(t.app));
    const other = await makeUser(t.app);
    await makeChannel(t.app, eager);
    await makeChannel(t.app, eager);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: eager,
      payload: { type: 'channel', name: 'one-too-many' },
    });
    expect(expectError(refused, 429).message).toMatch(/^You have created too many channels lately\./);
    await makeDirect(t.app, eager, other.id);
    await makeChannel(t.app, await sessionFor(t.app, other));
  });
});
