import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, type TestApp } from './test/helpers.ts';
import { call } from './test/http.ts';
import { testRedisUrl } from './test/redis.ts';

/**
 * Server mode (R-OPS-5, R-OPS-6): several instances share limits through Redis. Runs
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
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '3',
    };
    a = await createTestApp(env);
    b = await createTestApp(env);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('R-OPS-6: the per-account login limit holds across instances sharing Redis', async () => {
    const attempt = (t: TestApp) =>
      call(
        t.app,
        'POST',
        '/api/login',
        { email: 'shared@stoop.test', password: 'wrong-password' },
        csrfHeaders(t.app),
      );
    expect((await attempt(a)).statusCode).toBe(401);
    expect((await attempt(b)).statusCode).toBe(401);
    expect((await attempt(a)).statusCode).toBe(401);
    // The fourth attempt is refused by either instance: the counter lives in Redis.
    const refused = await attempt(b);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(/Try again in/);
  });
});
