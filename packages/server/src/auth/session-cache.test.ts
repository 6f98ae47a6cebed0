import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@stoop/shared';
import type { SessionRow, UserRow } from '../db/schema/index.ts';
import { injectForm, formOf } from '../conversations/testing.ts';
import {
  createTestApp,
  csrfHeaders,
  makeAdmin,
  makeUser,
  requestResetToken,
  sessionFor,
  TEST_PASSWORD,
  type AuthHeaders,
  type TestApp,
} from '../test/helpers.ts';
import { call, expectError } from '../test/http.ts';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { shareSessionChanges } from '../realtime/session-changes.ts';
import { SessionCache, type AuthChange, type ResolvedSession } from './session-cache.ts';

/**
 * The session cache (session-cache.ts) must never let a change wait: each test makes one call first,
 * so the session is cached, then changes the session or user and checks the very next call.
 */

const HOUR = 3600_000;

function resolved(userId: string, sessionId = 's1', expiresInMs = HOUR): ResolvedSession {
  const owner = { id: userId, username: 'Priya', metadata: { interests: ['cats'] } } as unknown as UserRow;
  const session = { id: sessionId, userId, expiresAt: new Date(Date.now() + expiresInMs) } as SessionRow;
  return { session, owner, user: owner };
}

describe('SessionCache', () => {
  it('keeps a session until its time-to-live, then asks again', () => {
    let now = 1_000;
    const cache = new SessionCache(30_000, 10, () => now);
    cache.store('t', cache.ticket(), resolved('u1'));
    now += 29_999;
    expect(cache.get('t')?.owner.id).toBe('u1');
    now += 1;
    expect(cache.get('t')).toBeUndefined();
  });

  it('drops what it stored longer ago than the time-to-live without being asked for it', () => {
    let now = 1_000;
    const cache = new SessionCache(30_000, 10, () => now);
    cache.store('old', cache.ticket(), resolved('u1', 's1'));
    now += 20_000;
    cache.store('newer', cache.ticket(), resolved('u2', 's2'));
    now += 10_000;
    cache.sweep();
    expect(cache.size).toBe(1);
    now += 20_000;
    cache.store('newest', cache.ticket(), resolved('u3', 's3'));
    expect(cache.size).toBe(1);
    expect(cache.get('newest')?.owner.id).toBe('u3');
  });

  it("never returns a session past the session's own expiry", () => {
    const cache = new SessionCache(30_000);
    cache.store('t', cache.ticket(), resolved('u1', 's1', -1));
    expect(cache.get('t')).toBeUndefined();
  });

  it('forgets by user (owner or acted-as user), by session, and everything', () => {
    const cache = new SessionCache(30_000);
    const actingAdmin = resolved('admin', 's-admin');
    actingAdmin.user = resolved('u2').owner;
    cache.store('a', cache.ticket(), resolved('u1', 's-a'));
    cache.store('b', cache.ticket(), resolved('u1', 's-b'));
    cache.store('c', cache.ticket(), actingAdmin);
    cache.store('d', cache.ticket(), resolved('u3', 's-d'));
    cache.forget({ sessionId: 's-a' });
    expect([...'abcd'].map((k) => cache.get(k) !== undefined)).toEqual([false, true, true, true]);
    cache.forget({ userId: 'u2' });
    expect([...'abcd'].map((k) => cache.get(k) !== undefined)).toEqual([false, true, false, true]);
    cache.forget({ userId: 'u1' });
    expect([...'abcd'].map((k) => cache.get(k) !== undefined)).toEqual([false, false, false, true]);
    cache.forget({ everything: true });
    expect(cache.size).toBe(0);
  });

  it('refuses a lookup that began before a change: it may have read the row as it was', () => {
    const cache = new SessionCache(30_000);
    const ticket = cache.ticket();
    cache.forget({ userId: 'someone else entirely' });
    cache.store('t', ticket, resolved('u1'));
    expect(cache.get('t')).toBeUndefined();
    cache.store('t', cache.ticket(), resolved('u1'));
    expect(cache.get('t')).toBeDefined();
  });

  it('hands out copies: a request that changes its user changes nothing cached', () => {
    const cache = new SessionCache(30_000);
    cache.store('t', cache.ticket(), resolved('u1'));
    const first = cache.get('t')!;
    expect(first.user).toBe(first.owner);
    first.owner.username = 'Mallory';
    (first.owner.metadata as unknown as { interests: string[] }).interests.push('dogs');
    const second = cache.get('t')!;
    expect(second.owner.username).toBe('Priya');
    expect(second.owner.metadata).toEqual({ interests: ['cats'] });
  });

  it('holds at most maxEntries sessions, dropping the oldest', () => {
    const cache = new SessionCache(30_000, 2);
    cache.store('a', cache.ticket(), resolved('u1', 'sa'));
    cache.store('b', cache.ticket(), resolved('u2', 'sb'));
    cache.store('c', cache.ticket(), resolved('u3', 'sc'));
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('stores nothing when turned off (SESSION_CACHE_SECONDS=0)', () => {
    const cache = new SessionCache(0);
    cache.store('t', cache.ticket(), resolved('u1'));
    expect(cache.get('t')).toBeUndefined();
  });

  it('tells its listeners of its own changes, not of changes sent by other instances', () => {
    const cache = new SessionCache(30_000);
    const heard: unknown[] = [];
    const off = cache.onForget((change) => heard.push(change));
    cache.forget({ userId: 'u1' });
    cache.forgetLocally({ userId: 'u2' });
    off();
    cache.forget({ userId: 'u3' });
    expect(heard).toEqual([{ userId: 'u1' }]);
  });
});

describe('shareSessionChanges (server mode)', () => {
  /** Two instances' ends of Socket.IO server-side emits: what one emits, the other hears. */
  function linkedInstances() {
    const wire = [new EventEmitter(), new EventEmitter()] as const;
    const end = (mine: EventEmitter, theirs: EventEmitter) => ({
      serverSideEmit: (event: 'auth:forget', change: AuthChange) => theirs.emit(event, change),
      on: (event: 'auth:forget', listener: (change: AuthChange) => void) => mine.on(event, listener),
    });
    return [end(wire[0], wire[1]), end(wire[1], wire[0])] as const;
  }
  const log = { warn: () => undefined } as unknown as FastifyBaseLogger;

  it('a change forgotten on one instance is forgotten on the other, and not sent back', () => {
    const [a, b] = linkedInstances();
    const cacheA = new SessionCache(30_000);
    const cacheB = new SessionCache(30_000);
    const heardByA: AuthChange[] = [];
    cacheA.onForget((change) => heardByA.push(change));
    shareSessionChanges(a, cacheA, log);
    shareSessionChanges(b, cacheB, log);
    cacheB.store('t', cacheB.ticket(), resolved('u1'));
    cacheA.forget({ userId: 'u1' });
    expect(cacheB.get('t')).toBeUndefined();
    cacheB.store('t', cacheB.ticket(), resolved('u1'));
    cacheB.forget({ userId: 'u1' }); // B's own change reaches A, and A does not echo it
    expect(heardByA).toEqual([{ userId: 'u1' }]);
  });

  it('a malformed message from another instance clears the whole cache', () => {
    const [a, b] = linkedInstances();
    const cacheB = new SessionCache(30_000);
    shareSessionChanges(b, cacheB, log);
    cacheB.store('t', cacheB.ticket(), resolved('u1'));
    a.serverSideEmit('auth:forget', { userId: 42 } as unknown as AuthChange);
    expect(cacheB.size).toBe(0);
  });
});

describe('R-SESSION-9: a change to a session or account applies to the very next call', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const me = (headers: AuthHeaders) => call(t.app, 'GET', '/api/protected/user', undefined, headers);

  /** Signs `user` in and makes one call, so their session is in the cache. */
  async function cachedSession(user: Pick<UserRow, 'id'>): Promise<AuthHeaders> {
    const headers = await sessionFor(t.app, user);
    expect((await me(headers)).statusCode).toBe(200);
    expect(t.app.sessionCache.size).toBeGreaterThan(0);
    return headers;
  }

  it('the cache is on by default and a repeated call needs no session lookup', async () => {
    const user = await makeUser(t.app);
    const headers = await cachedSession(user);
    const before = t.app.sessionCache.size;
    expect((await me(headers)).json<{ user: User }>().user.id).toBe(user.id);
    expect(t.app.sessionCache.size).toBe(before);
  });

  it('R-SESSION-9, R-ACCESS-4: a locked resident is refused on the next call (403 ACCOUNT_LOCKED)', async () => {
    const admin = await cachedSession(await makeAdmin(t.app));
    const resident = await makeUser(t.app);
    const headers = await cachedSession(resident);
    const lock = await call(t.app, 'POST', `/api/admin/users/${resident.id}/lock`, {}, admin);
    expect(lock.statusCode).toBe(200);
    expectError(await call(t.app, 'GET', '/api/users', undefined, headers), 403, { code: 'ACCOUNT_LOCKED' });
    // Unlocking is as immediate.
    await call(t.app, 'POST', `/api/admin/users/${resident.id}/unlock`, {}, admin);
    expect((await call(t.app, 'GET', '/api/users', undefined, headers)).statusCode).toBe(200);
  });

  it('R-ROLE-6: a demoted admin loses the admin calls on the next call; a promoted resident gains them', async () => {
    const admin = await cachedSession(await makeAdmin(t.app));
    const other = await makeAdmin(t.app);
    const otherHeaders = await cachedSession(other);
    expect((await call(t.app, 'GET', '/api/admin/users', undefined, otherHeaders)).statusCode).toBe(200);
    await call(t.app, 'POST', `/api/admin/users/${other.id}/role`, { role: 'resident' }, admin);
    expectError(await call(t.app, 'GET', '/api/admin/users', undefined, otherHeaders), 403);
    await call(t.app, 'POST', `/api/admin/users/${other.id}/role`, { role: 'admin' }, admin);
    expect((await call(t.app, 'GET', '/api/admin/users', undefined, otherHeaders)).statusCode).toBe(200);
  });

  it('profile: the next call sees the new name', async () => {
    const user = await makeUser(t.app);
    const headers = await cachedSession(user);
    const res = await injectForm(
      t.app,
      'PUT',
      '/api/profile',
      formOf({ username: 'Renamed Resident' }),
      headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(headers)).json<{ user: User }>().user.username).toBe('Renamed Resident');
  });

  it('R-SESSION-8, R-SESSION-4: the old cookie is refused at once', async () => {
    const headers = await cachedSession(await makeUser(t.app));
    expect((await call(t.app, 'POST', '/api/logout', {}, headers)).statusCode).toBeLessThan(300);
    expectError(await me(headers), 401);
  });

  it('sign-in on a signed-in browser: the replaced session is refused at once', async () => {
    const user = await makeUser(t.app);
    const headers = await cachedSession(user);
    const login = await call(
      t.app,
      'POST',
      '/api/login',
      { email: user.email, password: TEST_PASSWORD },
      headers,
    );
    expect(login.statusCode).toBe(200);
    expectError(await me(headers), 401);
  });

  it('password reset: every cached session of the user is refused at once', async () => {
    const user = await makeUser(t.app);
    const first = await cachedSession(user);
    const second = await cachedSession(user);
    const token = await requestResetToken(t.app, user.email);
    const reset = await call(
      t.app,
      'POST',
      '/api/reset-password',
      { token, password: 'an entirely new password' },
      csrfHeaders(t.app),
    );
    expect(reset.statusCode).toBe(204);
    expectError(await me(first), 401);
    expectError(await me(second), 401);
  });

  it('set-user: acting as someone and back applies to the next call', async () => {
    const admin = await makeAdmin(t.app);
    const resident = await makeUser(t.app);
    const headers = await cachedSession(admin);
    await call(t.app, 'POST', '/api/set-user', { userId: resident.id }, headers);
    expect((await me(headers)).json<{ user: User }>().user.id).toBe(resident.id);
    // A change to the acted-as user reaches the acting session too.
    const other = await cachedSession(await makeAdmin(t.app));
    await call(t.app, 'POST', `/api/admin/users/${resident.id}/lock`, {}, other);
    expectError(await call(t.app, 'GET', '/api/users', undefined, headers), 403, { code: 'ACCOUNT_LOCKED' });
    await call(t.app, 'POST', '/api/set-user', { userId: admin.id }, headers);
    expect((await me(headers)).json<{ user: User }>().user.id).toBe(admin.id);
  });

  it('SESSION_CACHE_SECONDS=0 turns the cache off', async () => {
    const off = await createTestApp({ SESSION_CACHE_SECONDS: '0' });
    try {
      const headers = await sessionFor(off.app, await makeUser(off.app));
      expect((await call(off.app, 'GET', '/api/protected/user', undefined, headers)).statusCode).toBe(200);
      expect(off.app.sessionCache.size).toBe(0);
    } finally {
      await off.close();
    }
  });
});
