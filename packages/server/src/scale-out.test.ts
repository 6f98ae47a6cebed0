import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formOf, injectForm, makeChannel } from './conversations/testing.ts';
import {
  createTestApp,
  csrfHeaders,
  makeUser,
  sessionFor,
  TEST_PASSWORD,
  type TestApp,
} from './test/helpers.ts';
import { call } from './test/http.ts';
import { testRedisUrl } from './test/redis.ts';

/**
 * Server mode (R-OPS-5, R-OPS-6, R-LIMIT-9): several instances share limits through Redis. Runs
 * against a real Redis when TEST_REDIS_URL is set (CI sets it); otherwise it says so loudly.
 */
const redisUrl = testRedisUrl('Redis scale-out suite');

describe.skipIf(!redisUrl)('server mode with Redis', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    // A fresh key prefix per run, so parallel runs sharing this Redis never count each other.
    const env = {
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: `stoop-test-${randomBytes(4).toString('hex')}:`,
      RATE_LIMIT_LOGIN_FREE_FAILURES: '3',
      RATE_LIMIT_SENDS_PER_CONVERSATION_PER_MINUTE: '3',
    };
    // Both instances share one database, as behind a load balancer.
    a = await createTestApp(env);
    b = await createTestApp(env, {}, a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('R-LIMIT-3: the sign-in delay of an account and address holds across instances; the owner gets in', async () => {
    const owner = await makeUser(a.app);
    const attempt = (t: TestApp, password: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: owner.email, password },
        headers: csrfHeaders(t.app),
        remoteAddress: ip,
      });
    expect((await attempt(a, 'wrong-password', '10.9.0.9')).statusCode).toBe(401);
    expect((await attempt(b, 'wrong-password', '10.9.0.9')).statusCode).toBe(401);
    expect((await attempt(a, 'wrong-password', '10.9.0.9')).statusCode).toBe(401);
    // The fourth try waits on either instance: the delay lives in Redis.
    const refused = await attempt(b, TEST_PASSWORD, '10.9.0.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(/Try again in/);
    expect((await attempt(b, TEST_PASSWORD, '10.1.0.1')).statusCode).toBe(200);
  });

  it('R-LIMIT-5: a flood of sends is counted across instances; a neighbour sends on', async () => {
    const flooder = await sessionFor(a.app, await makeUser(a.app));
    const neighbour = await sessionFor(a.app, await makeUser(a.app));
    const channel = await makeChannel(a.app, neighbour);
    const send = (t: TestApp, headers: Record<string, string>) =>
      injectForm(t.app, 'POST', `/api/conversations/${channel.id}/messages`, formOf({ content: 'hey' }), {
        ...headers,
      });
    const statuses = [];
    for (const t of [a, b, a, b]) statuses.push((await send(t, flooder)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect((await send(b, neighbour)).statusCode).toBe(201);
  });

  it('R-OPS-6: an unknown route still answers 404 through the shared limits', async () => {
    expect((await call(a.app, 'GET', '/api/no-such-route')).statusCode).toBe(404);
  });
});
