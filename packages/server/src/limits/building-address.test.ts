import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, makeUser, TEST_PASSWORD, type TestApp } from '../test/helpers.ts';
import { expectError } from '../test/http.ts';

/**
 * A building shares one internet address: no device in it may keep the neighbours out of their
 * accounts or off the login page (R-LIMIT-10, R-LIMIT-11, R-LIMIT-12).
 */
const BUILDING = '10.40.0.1';

const loginFrom = (t: TestApp, email: string, password: string, ip = BUILDING) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    headers: csrfHeaders(t.app),
    remoteAddress: ip,
  });

describe('R-LIMIT-10: sign-in limits count failures only', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The shipped defaults of the address budget and the anonymous budget.
    t = await createTestApp({ RATE_LIMIT_LOGIN_PER_IP: '', RATE_LIMIT_ANONYMOUS_PER_MINUTE: '' });
  });
  afterAll(async () => t.close());

  it('40 failed sign-ins with made-up emails from one address never block a neighbour’s correct login', async () => {
    for (let i = 0; i < 40; i += 1) {
      expect((await loginFrom(t, `nobody${i}@example.com`, 'a guess at it')).statusCode).toBe(401);
    }
    const neighbour = await makeUser(t.app);
    const res = await loginFrom(t, neighbour.email, TEST_PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('R-LIMIT-10: over the address’s failure budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_LOGIN_PER_IP: '5', RATE_LIMIT_LOGIN_FREE_FAILURES: '1000' });
  });
  afterAll(async () => t.close());

  it('an account that failed from there waits; an account with no failure from there gets in', async () => {
    const guessed = await makeUser(t.app);
    const neighbour = await makeUser(t.app);
    for (let i = 0; i < 4; i += 1) await loginFrom(t, `made-up${i}@example.com`, 'guess');
    expect((await loginFrom(t, guessed.email, 'a wrong one')).statusCode).toBe(401);

    const refused = expectError(await loginFrom(t, guessed.email, TEST_PASSWORD), 429, {
      code: 'RATE_LIMITED',
    });
    expect(refused.message).toMatch(
      /^Too many failed sign-ins from this network\. Try again in 15 minutes\.$/,
    );
    expect((await loginFrom(t, neighbour.email, TEST_PASSWORD)).statusCode).toBe(200);
    // From another address the guessed account is not held back either.
    expect((await loginFrom(t, guessed.email, TEST_PASSWORD, '10.40.9.9')).statusCode).toBe(200);
  });

  it('correct sign-ins are not counted: twice the budget of them from one address all pass', async () => {
    const resident = await makeUser(t.app);
    for (let i = 0; i < 10; i += 1) {
      const res = await loginFrom(t, resident.email, TEST_PASSWORD, '10.40.0.2');
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});

describe('R-LIMIT-12: the token fetch, the login and the public pages have budgets of their own', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: '20',
      RATE_LIMIT_CSRF_PER_CLIENT_PER_MINUTE: '20',
    });
  });
  afterAll(async () => t.close());

  const csrfToken = (cookie: string | undefined) =>
    t.app.inject({
      method: 'GET',
      url: '/api/csrf-token',
      headers: cookie ? { cookie } : {},
      remoteAddress: BUILDING,
    });

  it('a device looping GET /api/csrf-token keeps no neighbour off the login page', async () => {
    const looping = csrfHeaders(t.app).cookie;
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await csrfToken(looping)).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));
    // A device that sends no cookie at all drains only the budget of cookieless fetches.
    for (let i = 0; i < 30; i += 1) await csrfToken(undefined);

    // The neighbour: a token for their own cookie, a public call, and a sign-in, all from the same address.
    const neighbour = await makeUser(t.app);
    const own = csrfHeaders(t.app);
    expect((await csrfToken(own.cookie)).statusCode).toBe(200);
    const publicCall = await t.app.inject({
      method: 'GET',
      url: '/api/push/vapid-public-key',
      remoteAddress: BUILDING,
    });
    expect(publicCall.statusCode, publicCall.body).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: neighbour.email, password: TEST_PASSWORD },
      headers: own,
      remoteAddress: BUILDING,
    });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('the public pages’ calls still share the address’s budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/push/vapid-public-key',
        remoteAddress: '10.40.0.3',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));
  });
});

describe('R-LIMIT-11: open connections per address are capped', () => {
  let t: TestApp;
  let port: number;
  const held: Socket[] = [];
  beforeAll(async () => {
    t = await createTestApp({ CONNECTIONS_PER_IP: '3' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await t.close();
  });

  const open = () =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => resolve(socket));
      socket.once('error', reject);
      held.push(socket);
    });
  /** Resolves with the status line of a GET sent on `socket`, or 'closed' when the server closes it. */
  const ask = (socket: Socket) =>
    new Promise<string>((resolve) => {
      let answer = '';
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString();
        if (answer.includes('\r\n')) resolve(answer.split('\r\n')[0]!);
      });
      socket.once('close', () => resolve('closed'));
      socket.write('GET /healthz HTTP/1.1\r\nHost: stoop.test\r\n\r\n');
    });

  it('one connection more than CONNECTIONS_PER_IP is closed; after one closes, a new one is served', async () => {
    const first = [await open(), await open(), await open()];
    for (const socket of first) expect(await ask(socket)).toMatch(/^HTTP\/1\.1 200/);
    expect(await ask(await open())).toBe('closed');
    first[0]!.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect(await ask(await open())).toMatch(/^HTTP\/1\.1 200/);
  });
});
