import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema/index.ts';
import { usingPostgres } from '../test/database.ts';
import {
  createTestApp,
  makeAdmin,
  makeUser,
  sessionFor,
  type AuthHeaders,
  type TestApp,
} from '../test/helpers.ts';
import { call, expectError } from '../test/http.ts';
import { testRedisUrl } from '../test/redis.ts';

/**
 * R-ADMIN-13, R-SESSION-13: rejecting a waiting sign-up deletes the account through endSessions
 * (auth/end-sessions.ts), on PostgreSQL as on PGlite (admin/approval.test.ts): its sessions are gone
 * from the database, and its cookie is refused at once on the instance that rejected it and, with
 * TEST_REDIS_URL, on another instance that had the session cached (R-SESSION-9). Runs in the
 * server-pg project (TEST_DATABASE_URL).
 */
const redisUrl = testRedisUrl('rejecting a sign-up across two instances');

describe.skipIf(!redisUrl)('R-ADMIN-13: rejecting a sign-up ends its sessions on PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let adminHeaders: AuthHeaders;
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl!, REDIS_PREFIX: `stoop-test-${randomBytes(4).toString('hex')}:` };
    a = await createTestApp(env);
    b = await createTestApp(env, {}, a);
    adminHeaders = await sessionFor(a.app, await makeAdmin(a.app));
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const whoAmI = (t: TestApp, headers: AuthHeaders) =>
    call(t.app, 'GET', '/api/protected/user', undefined, headers);

  it('runs on PostgreSQL', () => {
    expect(usingPostgres()).toBe(true);
  });

  it('R-ADMIN-13: the rejected account and every session of it are gone, and its cookies are refused on both instances', async () => {
    const applicant = await makeUser(a.app, { locked: true, username: 'Not From Here' });
    const onA = await sessionFor(a.app, applicant);
    const onB = await sessionFor(b.app, applicant);
    // Both sessions cached first: the deletion must still apply to the very next call (R-SESSION-9).
    expect((await whoAmI(a, onA)).statusCode).toBe(200);
    expect((await whoAmI(b, onB)).statusCode).toBe(200);
    expect((await whoAmI(b, onA)).statusCode).toBe(200);

    const res = await call(a.app, 'POST', `/api/admin/users/${applicant.id}/reject`, {}, adminHeaders);
    expect(res.statusCode, res.body).toBe(204);

    expect(await a.db.select().from(users).where(eq(users.id, applicant.id))).toEqual([]);
    expect(await a.db.select().from(sessions).where(eq(sessions.userId, applicant.id))).toEqual([]);
    expectError(await whoAmI(a, onA), 401);
    expectError(await whoAmI(a, onB), 401);
    expectError(await whoAmI(b, onB), 401);
    expectError(await whoAmI(b, onA), 401);
  });

  it('R-ADMIN-13: a rejection leaves the sessions of everyone else alone', async () => {
    const applicant = await makeUser(a.app, { locked: true });
    const neighbour = await makeUser(a.app);
    const neighbourOnB = await sessionFor(b.app, neighbour);
    expect((await whoAmI(b, neighbourOnB)).statusCode).toBe(200);
    const res = await call(a.app, 'POST', `/api/admin/users/${applicant.id}/reject`, {}, adminHeaders);
    expect(res.statusCode, res.body).toBe(204);
    expect((await whoAmI(b, neighbourOnB)).statusCode).toBe(200);
    expect((await whoAmI(a, adminHeaders)).statusCode).toBe(200);
  });
});
