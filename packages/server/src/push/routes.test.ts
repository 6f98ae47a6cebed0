import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pushJobs, pushTokens } from '../db/schema/index.ts';
import { createTestApp, csrfHeaders, makeUser, sessionFor, type TestApp } from '../test/helpers.ts';
import { expectError } from '../test/http.ts';
import { pushContext } from './http/context.ts';
import { enqueuePush } from './service.ts';
import { makeSubscriptionKeys } from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const webToken = (endpoint = `https://push.example/${Math.random().toString(36).slice(2)}`) => {
  const keys = makeSubscriptionKeys();
  return JSON.stringify({
    endpoint,
    expirationTime: null,
    keys: { p256dh: keys.p256dh, auth: keys.authText },
  });
};
const registerUrl = (token: string, platform: string) =>
  `/api/register-push-token?token=${encodeURIComponent(token)}&platform=${platform}`;
const unregisterUrl = (query: string) => `/api/unregister-push-token?${query}`;
const tokensOf = (userId: string) => t.db.select().from(pushTokens).where(eq(pushTokens.userId, userId));

describe('POST /api/register-push-token', () => {
  it('R-API-25: a new token answers 201, the same token again 200, stored once', async () => {
    const user = await makeUser(t.app);
    const headers = await sessionFor(t.app, user);
    const first = await t.app.inject({ method: 'POST', url: registerUrl('fcm-token-a', 'android'), headers });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ platform: 'android', created: true });
    const again = await t.app.inject({ method: 'POST', url: registerUrl('fcm-token-a', 'android'), headers });
    expect(again.statusCode, again.body).toBe(200);
    expect(await tokensOf(user.id)).toHaveLength(1);
  });

  it('R-PUSH-4: a web token is a PushSubscription; the same subscription however encoded is one row', async () => {
    const user = await makeUser(t.app);
    const headers = await sessionFor(t.app, user);
    const token = webToken();
    const res = await t.app.inject({ method: 'POST', url: registerUrl(token, 'web'), headers });
    expect(res.statusCode, res.body).toBe(201);
    const { endpoint, keys } = JSON.parse(token) as { endpoint: string; keys: object };
    const reordered = JSON.stringify({ keys, endpoint });
    const again = await t.app.inject({ method: 'POST', url: registerUrl(reordered, 'web'), headers });
    expect(again.statusCode, again.body).toBe(200);
    expect(await tokensOf(user.id)).toHaveLength(1);
  });

  it('R-PUSH-4: a web token that is no subscription answers 400 naming token', async () => {
    const headers = await sessionFor(t.app, await makeUser(t.app));
    for (const bad of [
      'not json',
      JSON.stringify({ endpoint: 'https://push.example/x' }),
      webToken('http://push.example/x'),
    ]) {
      const res = await t.app.inject({ method: 'POST', url: registerUrl(bad, 'web'), headers });
      expectError(res, 400, { field: 'token' });
    }
  });

  it('R-USER-8: a token registered by another user moves to the new one, never duplicates', async () => {
    const [alice, bob] = [await makeUser(t.app), await makeUser(t.app)];
    await t.app.inject({
      method: 'POST',
      url: registerUrl('shared-device', 'ios'),
      headers: await sessionFor(t.app, alice),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: registerUrl('shared-device', 'ios'),
      headers: await sessionFor(t.app, bob),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await tokensOf(alice.id)).toHaveLength(0);
    expect((await tokensOf(bob.id)).map((r) => r.token)).toEqual(['shared-device']);
  });

  it('R-USER-8: a bad platform answers 400 naming platform, a missing token 400 naming token', async () => {
    const headers = await sessionFor(t.app, await makeUser(t.app));
    expectError(await t.app.inject({ method: 'POST', url: registerUrl('x', 'windows'), headers }), 400, {
      field: 'platform',
    });
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/register-push-token?platform=web', headers }),
      400,
      {
        field: 'token',
      },
    );
  });

  it('R-ACCESS-3: anonymous callers get 401', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: registerUrl('x', 'android'),
      headers: csrfHeaders(t.app),
    });
    expectError(res, 401, { code: 'UNAUTHENTICATED' });
  });

  it('R-ACCESS-4: a locked user gets 403 ACCOUNT_LOCKED', async () => {
    const headers = await sessionFor(t.app, await makeUser(t.app, { locked: true }));
    expectError(await t.app.inject({ method: 'POST', url: registerUrl('x', 'android'), headers }), 403, {
      code: 'ACCOUNT_LOCKED',
    });
  });

  it('R-ACCESS-5: without the CSRF header the call answers 403 CSRF_INVALID', async () => {
    const { cookie } = await sessionFor(t.app, await makeUser(t.app));
    const res = await t.app.inject({ method: 'POST', url: registerUrl('x', 'android'), headers: { cookie } });
    expectError(res, 403, { code: 'CSRF_INVALID' });
    const del = await t.app.inject({ method: 'DELETE', url: unregisterUrl('all=true'), headers: { cookie } });
    expectError(del, 403, { code: 'CSRF_INVALID' });
  });
});

describe('DELETE /api/unregister-push-token', () => {
  it('R-API-26: removes the given token of the caller only', async () => {
    const [alice, bob] = [await makeUser(t.app), await makeUser(t.app)];
    const aliceHeaders = await sessionFor(t.app, alice);
    const token = webToken();
    await t.app.inject({ method: 'POST', url: registerUrl(token, 'web'), headers: aliceHeaders });
    const byBob = await t.app.inject({
      method: 'DELETE',
      url: unregisterUrl(`token=${encodeURIComponent(token)}&platform=web`),
      headers: await sessionFor(t.app, bob),
    });
    expect(byBob.json()).toEqual({ removed: 0 });
    const res = await t.app.inject({
      method: 'DELETE',
      url: unregisterUrl(`token=${encodeURIComponent(token)}&platform=web`),
      headers: aliceHeaders,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ removed: 1 });
    expect(await tokensOf(alice.id)).toHaveLength(0);
  });

  it("R-API-26: all=true removes every token of the caller and never another user's", async () => {
    const [alice, bob] = [await makeUser(t.app), await makeUser(t.app)];
    const aliceHeaders = await sessionFor(t.app, alice);
    const bobHeaders = await sessionFor(t.app, bob);
    await t.app.inject({ method: 'POST', url: registerUrl('alice-phone', 'android'), headers: aliceHeaders });
    await t.app.inject({ method: 'POST', url: registerUrl(webToken(), 'web'), headers: aliceHeaders });
    await t.app.inject({ method: 'POST', url: registerUrl('bob-phone', 'ios'), headers: bobHeaders });
    const res = await t.app.inject({
      method: 'DELETE',
      url: unregisterUrl('all=true'),
      headers: aliceHeaders,
    });
    expect(res.json()).toEqual({ removed: 2 });
    expect(await tokensOf(alice.id)).toHaveLength(0);
    expect(await tokensOf(bob.id)).toHaveLength(1);
  });

  it("R-PUSH-13: a platform without a token removes that platform's tokens of this session's device only", async () => {
    const [alice, bob] = [await makeUser(t.app), await makeUser(t.app)];
    const phone = await sessionFor(t.app, alice);
    const tablet = await sessionFor(t.app, alice);
    const bobHeaders = await sessionFor(t.app, bob);
    await t.app.inject({ method: 'POST', url: registerUrl('alice-phone-ios', 'ios'), headers: phone });
    await t.app.inject({
      method: 'POST',
      url: registerUrl('alice-phone-android', 'android'),
      headers: phone,
    });
    await t.app.inject({ method: 'POST', url: registerUrl('alice-tablet-ios', 'ios'), headers: tablet });
    await t.app.inject({ method: 'POST', url: registerUrl('bob-ios', 'ios'), headers: bobHeaders });
    const res = await t.app.inject({ method: 'DELETE', url: unregisterUrl('platform=ios'), headers: phone });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ removed: 1 });
    expect((await tokensOf(alice.id)).map((row) => row.token).sort()).toEqual([
      'alice-phone-android',
      'alice-tablet-ios',
    ]);
    expect(await tokensOf(bob.id)).toHaveLength(1);
    const again = await t.app.inject({
      method: 'DELETE',
      url: unregisterUrl('platform=ios'),
      headers: phone,
    });
    expect(again.json()).toEqual({ removed: 0 });
    expectError(
      await t.app.inject({
        method: 'DELETE',
        url: unregisterUrl('platform=ios'),
        headers: csrfHeaders(t.app),
      }),
      401,
    );
  });

  it('R-API-26: neither token, platform nor all answers 400 naming token; a bad platform 400 naming platform', async () => {
    const headers = await sessionFor(t.app, await makeUser(t.app));
    expectError(await t.app.inject({ method: 'DELETE', url: unregisterUrl(''), headers }), 400, {
      field: 'token',
    });
    expectError(
      await t.app.inject({ method: 'DELETE', url: unregisterUrl('token=x&platform=fax'), headers }),
      400,
      {
        field: 'platform',
      },
    );
  });

  it('R-ACCESS-3 / R-ACCESS-4: anonymous 401, locked 403', async () => {
    expectError(
      await t.app.inject({ method: 'DELETE', url: unregisterUrl('all=true'), headers: csrfHeaders(t.app) }),
      401,
    );
    const locked = await sessionFor(t.app, await makeUser(t.app, { locked: true }));
    expectError(
      await t.app.inject({ method: 'DELETE', url: unregisterUrl('all=true'), headers: locked }),
      403,
      {
        code: 'ACCOUNT_LOCKED',
      },
    );
  });
});

describe('GET /api/push/devices and DELETE /api/push/devices/{id}', () => {
  it("R-PUSH-9: lists the caller's devices only, marks this session's, never shows a token", async () => {
    const [alice, bob] = [await makeUser(t.app), await makeUser(t.app)];
    const phone = await sessionFor(t.app, alice);
    const laptop = await sessionFor(t.app, alice);
    await t.app.inject({ method: 'POST', url: registerUrl('fcm-phone', 'android'), headers: phone });
    await t.app.inject({ method: 'POST', url: registerUrl(webToken(), 'web'), headers: laptop });
    const bobHeaders = await sessionFor(t.app, bob);
    await t.app.inject({ method: 'POST', url: registerUrl('fcm-bob', 'ios'), headers: bobHeaders });

    const res = await t.app.inject({ method: 'GET', url: '/api/push/devices', headers: phone });
    expect(res.statusCode, res.body).toBe(200);
    const { devices } = res.json<{ devices: Record<string, unknown>[] }>();
    expect(devices.map((d) => [d.platform, d.thisDevice])).toEqual([
      ['android', true],
      ['web', false],
    ]);
    expect(devices[0]).toMatchObject({ lastUsedAt: null });
    expect(typeof devices[0]?.createdAt).toBe('string');
    expect(res.body).not.toContain('fcm-phone');
    expect(res.body).not.toContain('endpoint');
    const bobs = await t.app.inject({ method: 'GET', url: '/api/push/devices', headers: bobHeaders });
    expect(bobs.json<{ devices: unknown[] }>().devices).toHaveLength(1);
  });

  it("R-PUSH-9: removes one of the caller's devices; another user's id removes nothing", async () => {
    const [alice, bob] = [await makeUser(t.app), await makeUser(t.app)];
    const aliceHeaders = await sessionFor(t.app, alice);
    const bobHeaders = await sessionFor(t.app, bob);
    await t.app.inject({ method: 'POST', url: registerUrl('fcm-alice-1', 'android'), headers: aliceHeaders });
    const [row] = await tokensOf(alice.id);
    if (!row) throw new Error('no token');
    const byBob = await t.app.inject({
      method: 'DELETE',
      url: `/api/push/devices/${row.id}`,
      headers: bobHeaders,
    });
    expect(byBob.statusCode, byBob.body).toBe(200);
    expect(byBob.json()).toEqual({ removed: 0 });
    expect(await tokensOf(alice.id)).toHaveLength(1);
    const own = await t.app.inject({
      method: 'DELETE',
      url: `/api/push/devices/${row.id}`,
      headers: aliceHeaders,
    });
    expect(own.json()).toEqual({ removed: 1 });
    expect(await tokensOf(alice.id)).toHaveLength(0);
  });

  it('R-PUSH-9: a malformed id answers 400; anonymous 401; locked 403', async () => {
    const headers = await sessionFor(t.app, await makeUser(t.app));
    expectError(await t.app.inject({ method: 'DELETE', url: '/api/push/devices/nope', headers }), 400);
    expectError(await t.app.inject({ method: 'GET', url: '/api/push/devices' }), 401);
    const locked = await sessionFor(t.app, await makeUser(t.app, { locked: true }));
    expectError(await t.app.inject({ method: 'GET', url: '/api/push/devices', headers: locked }), 403, {
      code: 'ACCOUNT_LOCKED',
    });
  });
});

describe('push tokens and sessions', () => {
  it("R-API-26: logout removes that device's tokens and keeps the user's other devices'", async () => {
    const user = await makeUser(t.app);
    const phone = await sessionFor(t.app, user);
    const laptop = await sessionFor(t.app, user);
    await t.app.inject({ method: 'POST', url: registerUrl('phone-token', 'android'), headers: phone });
    await t.app.inject({ method: 'POST', url: registerUrl(webToken(), 'web'), headers: laptop });
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: phone });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await tokensOf(user.id)).map((r) => r.platform)).toEqual(['web']);
  });
});

describe('GET /api/push/vapid-public-key', () => {
  it('R-API-34: answers the key generated once into DATA_DIR, the same after a second read', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' });
    expect(res.statusCode, res.body).toBe(200);
    const { publicKey } = res.json<{ publicKey: string }>();
    // An uncompressed P-256 point: 65 bytes.
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const other = await createTestApp({ DATA_DIR: t.config.DATA_DIR });
    try {
      const again = await other.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' });
      expect(again.json()).toEqual({ publicKey });
    } finally {
      await other.close(); // also removes the shared DATA_DIR: nothing reads it after this test
    }
  }, 120_000);
});

describe('native pushes without a service account', () => {
  it('R-NOTIF-2: an android token is kept and skipped when FCM is not configured', async () => {
    const user = await makeUser(t.app);
    const headers = await sessionFor(t.app, user);
    await t.app.inject({ method: 'POST', url: registerUrl('unsent-android', 'android'), headers });
    await enqueuePush(pushContext(t.app), user.id, { title: 't', body: 'b', link: '/' });
    const deadline = Date.now() + 5000;
    while ((await t.db.select().from(pushJobs).where(eq(pushJobs.userId, user.id))).length > 0) {
      if (Date.now() > deadline) throw new Error('the job was never handled');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await tokensOf(user.id)).toMatchObject([
      { token: 'unsent-android', failures: 0, lastUsedAt: null },
    ]);
  });
});
