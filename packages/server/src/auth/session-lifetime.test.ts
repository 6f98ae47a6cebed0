import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/index.ts';
import { createTestApp, makeUser, sessionFor, type TestApp } from '../test/helpers.ts';
import { call, cookieOf } from '../test/http.ts';
import { purgeExpiredAuth } from './http/maintenance.ts';

const DAY_MS = 24 * 3600 * 1000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function sessionOf(userId: string) {
  const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, userId));
  return row!;
}
async function setExpiry(userId: string, expiresAt: Date) {
  await t.db.update(sessions).set({ expiresAt }).where(eq(sessions.userId, userId));
}

describe('session lifetime', () => {
  it('a session used in the second half of its lifetime is renewed for a full one (sliding expiry)', async () => {
    const user = await makeUser(t.app);
    const headers = await sessionFor(t.app, user);
    await setExpiry(user.id, new Date(Date.now() + 2 * DAY_MS));
    const res = await call(t.app, 'GET', '/api/protected/user', undefined, headers);
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res, 'stoop_session')).toBeTruthy();
    const renewed = (await sessionOf(user.id)).expiresAt.getTime();
    expect(renewed).toBeGreaterThan(Date.now() + (t.config.SESSION_TTL_DAYS - 1) * DAY_MS);
  });

  it('a fresh session is not rewritten on every request', async () => {
    const user = await makeUser(t.app);
    const headers = await sessionFor(t.app, user);
    const before = (await sessionOf(user.id)).expiresAt.getTime();
    const res = await call(t.app, 'GET', '/api/protected/user', undefined, headers);
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res, 'stoop_session')).toBeFalsy();
    expect((await sessionOf(user.id)).expiresAt.getTime()).toBe(before);
  });

  it('R-SESSION-6: an expired session is no session (401), and the hourly purge removes it', async () => {
    const user = await makeUser(t.app);
    const headers = await sessionFor(t.app, user);
    await setExpiry(user.id, new Date(Date.now() - 1000));
    expect((await call(t.app, 'GET', '/api/protected/user', undefined, headers)).statusCode).toBe(401);
    const removed = await purgeExpiredAuth(t.app);
    expect(removed.sessions).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });
});
