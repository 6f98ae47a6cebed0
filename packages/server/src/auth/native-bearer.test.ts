// R-NATIVE: the native apps' bearer tokens over HTTP and Socket.IO, CORS for their origins, the
// media ticket of their images and their place in the device list.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, ERROR_CODES, MEDIA_TICKET_TTL_MS } from '@stoop/shared';
import { sessions } from '../db/schema/index.ts';
import { avatarDir } from '../users/avatar.ts';
import { connected, type ClientSocket } from '../realtime/testing.ts';
import {
  TEST_PASSWORD,
  createTestApp,
  csrfHeaders,
  makeUser,
  sessionFor,
  type TestApp,
} from '../test/helpers.ts';
import { sha256 } from './crypto.ts';
import { issueMediaTicket } from './media-ticket.ts';

const NATIVE = { 'x-stoop-client': 'native', 'x-stoop-platform': 'android' };
const EXTRA_ORIGIN = 'http://127.0.0.1:5199';

let t: TestApp;
let address: string;

beforeAll(async () => {
  t = await createTestApp({ CORS_ORIGINS: `${EXTRA_ORIGIN}, https://app.example.org` });
  address = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** Signs `user` in as the native app; the bearer token. */
async function nativeLogin(user: { email: string }, platform = 'android'): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { ...NATIVE, 'x-stoop-platform': platform },
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ token: string }>();
  return body.token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function socketWith(options: { token?: unknown; cookie?: string }): ClientSocket {
  return connect(address, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(options.token === undefined ? {} : { auth: { token: options.token } }),
    ...(options.cookie ? { extraHeaders: { cookie: options.cookie } } : {}),
  });
}

/** 'connected' or the connect_error message. */
function handshake(options: { token?: unknown; cookie?: string }): Promise<string> {
  const socket = socketWith(options);
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.disconnect();
      resolve('connected');
    });
    socket.once('connect_error', (error) => {
      socket.disconnect();
      resolve(error.message);
    });
  });
}

async function nativeSocket(token: string): Promise<ClientSocket> {
  const socket = socketWith({ token });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

describe('R-NATIVE-1: sign-in answers a bearer token', () => {
  it('login with X-Stoop-Client: native answers {user, token}, sets no cookie and stores only a hash', async () => {
    const user = await makeUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: NATIVE,
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    const body = res.json<{ user: { id: string }; token: string }>();
    expect(body.user.id).toBe(user.id);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ client: 'native', platform: 'android', tokenHash: sha256(body.token) });
    expect(JSON.stringify(rows)).not.toContain(body.token);
  });

  it('a web login is unchanged: a cookie, no token, and CSRF still required', async () => {
    const user = await makeUser(t.app);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(refused.statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: csrfHeaders(t.app),
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('token');
    expect(String(res.headers['set-cookie'])).toContain('stoop_session=');
  });

  it('sign-up with X-Stoop-Client: native signs in with a token (locked until approved)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: { ...NATIVE, 'x-stoop-platform': 'ios' },
      payload: {
        email: `native-${randomUUID()}@example.com`,
        password: TEST_PASSWORD,
        username: 'Nat Ive',
        acceptTerms: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['set-cookie']).toBeUndefined();
    const { token, user } = res.json<{ token: string; user: { isLocked: boolean } }>();
    expect(user.isLocked).toBe(true);
    const me = await t.app.inject({ method: 'GET', url: '/api/protected/user', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    // R-LOCK-4 holds for a bearer as for a cookie.
    const locked = await t.app.inject({ method: 'GET', url: '/api/conversations', headers: bearer(token) });
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({ code: ERROR_CODES.accountLocked });
  });
});

describe('R-NATIVE-2: Authorization: Bearer on every call, no CSRF', () => {
  it('authenticates reads and mutating calls without a CSRF token', async () => {
    const user = await makeUser(t.app);
    const token = await nativeLogin(user);
    const me = await t.app.inject({ method: 'GET', url: '/api/protected/user', headers: bearer(token) });
    expect(me.json()).toMatchObject({ user: { id: user.id } });
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/register-push-token?token=apns-device-1&platform=ios',
      headers: bearer(token),
    });
    expect(register.statusCode, register.body).toBe(201);
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(token),
      payload: { description: 'Third floor' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
  });

  it('a web session still needs its CSRF token', async () => {
    const user = await makeUser(t.app);
    const { cookie } = await sessionFor(t.app, user);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { cookie },
      payload: { description: 'x' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: ERROR_CODES.csrfMissing });
  });

  it('an unknown, malformed or web token as bearer is no session; a native token as cookie neither', async () => {
    const user = await makeUser(t.app);
    const web = await sessionFor(t.app, user);
    const webToken = /stoop_session=([^;]+)/.exec(web.cookie)?.[1] ?? '';
    const nativeToken = await nativeLogin(user);
    for (const authorization of [`Bearer ${'x'.repeat(43)}`, 'Bearer !!', `Bearer ${webToken}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/protected/user',
        headers: { authorization },
      });
      expect(res.statusCode, authorization).toBe(401);
    }
    const planted = await t.app.inject({
      method: 'GET',
      url: '/api/protected/user',
      headers: { cookie: `stoop_session=${nativeToken}` },
    });
    expect(planted.statusCode).toBe(401);
  });

  it('X-Stoop-Client: native never lets a cookie authenticate (no CSRF-free cookie call)', async () => {
    const user = await makeUser(t.app);
    const { cookie } = await sessionFor(t.app, user);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { cookie, 'x-stoop-client': 'native' },
      payload: { description: 'forged' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('R-NATIVE-3: a bearer token never goes with another account’s cookie', () => {
  it('refuses the mix over HTTP and on the socket; the same account’s cookie is ignored', async () => {
    const alice = await makeUser(t.app);
    const bob = await makeUser(t.app);
    const token = await nativeLogin(alice);
    const bobCookie = (await sessionFor(t.app, bob)).cookie;
    const aliceCookie = (await sessionFor(t.app, alice)).cookie;
    const mixed = await t.app.inject({
      method: 'GET',
      url: '/api/protected/user',
      headers: { ...bearer(token), cookie: bobCookie },
    });
    expect(mixed.statusCode).toBe(401);
    expect(mixed.json()).toMatchObject({ code: ERROR_CODES.mixedCredentials });
    const same = await t.app.inject({
      method: 'GET',
      url: '/api/protected/user',
      headers: { ...bearer(token), cookie: aliceCookie },
    });
    expect(same.json()).toMatchObject({ user: { id: alice.id } });
    expect(await handshake({ token, cookie: bobCookie })).toBe(ERROR_CODES.mixedCredentials);
    expect(await handshake({ token, cookie: aliceCookie })).toBe('connected');
  });
});

describe('R-NATIVE-2, R-NATIVE-4: the socket takes auth.token; logout revokes it', () => {
  it('connects with the token, refuses a bad one, and logout closes it and refuses it after', async () => {
    const user = await makeUser(t.app);
    const token = await nativeLogin(user);
    expect(await handshake({ token: 'nope' })).toBe(ERROR_CODES.unauthenticated);
    expect(await handshake({ token: 42 })).toBe(ERROR_CODES.unauthenticated);
    const socket = await nativeSocket(token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({});
    expect(logout.headers['set-cookie']).toBeUndefined();
    expect(await closed).toBe('io server disconnect');
    const after = await t.app.inject({ method: 'GET', url: '/api/protected/user', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(await handshake({ token })).toBe(ERROR_CODES.unauthenticated);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('the web socket is unchanged: a cookie connects, logout of the app leaves it', async () => {
    const user = await makeUser(t.app);
    const token = await nativeLogin(user);
    const { cookie } = await sessionFor(t.app, user);
    const web = await connected(address, cookie);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(web.socket.connected).toBe(true);
    web.close();
  });
});

describe('R-NATIVE-5: native sessions in the device list', () => {
  it('lists the account’s apps with platform and last use, and revokes one (token and socket)', async () => {
    const user = await makeUser(t.app);
    const phone = await nativeLogin(user, 'android');
    const tablet = await nativeLogin(user, 'ios');
    const list = await t.app.inject({ method: 'GET', url: '/api/native-sessions', headers: bearer(phone) });
    expect(list.statusCode).toBe(200);
    const { sessions: listed } = list.json<{
      sessions: { id: string; platform: string; thisDevice: boolean; lastUsedAt: string | null }[];
    }>();
    expect(listed.map((s) => [s.platform, s.thisDevice])).toEqual([
      ['android', true],
      ['ios', false],
    ]);
    // The list call itself was a use of the phone's token.
    expect(listed[0]?.lastUsedAt).not.toBeNull();
    const ios = listed[1]?.id ?? '';
    const socket = await nativeSocket(tablet);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/native-sessions/${ios}`,
      headers: bearer(phone),
    });
    expect(revoke.json()).toEqual({ removed: 1 });
    expect(await closed).toBe('io server disconnect');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/protected/user',
      headers: bearer(tablet),
    });
    expect(refused.statusCode).toBe(401);
  });

  it('sign out everywhere, from the web or from an app, ends every token and socket of the account', async () => {
    const user = await makeUser(t.app);
    const phone = await nativeLogin(user, 'android');
    const tablet = await nativeLogin(user, 'ios');
    const socket = await nativeSocket(tablet);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const web = await sessionFor(t.app, user);
    const res = await t.app.inject({ method: 'POST', url: '/api/logout-everywhere', headers: bearer(phone) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect(await closed).toBe('io server disconnect');
    for (const headers of [bearer(phone), bearer(tablet), web]) {
      const after = await t.app.inject({ method: 'GET', url: '/api/protected/user', headers });
      expect(after.statusCode).toBe(401);
    }
    const again = await nativeLogin(user);
    const fromWeb = await sessionFor(t.app, user);
    await t.app.inject({ method: 'POST', url: '/api/logout-everywhere', headers: fromWeb });
    const gone = await t.app.inject({ method: 'GET', url: '/api/protected/user', headers: bearer(again) });
    expect(gone.statusCode).toBe(401);
  });

  it('a web session revokes its apps too; another user’s id removes nothing', async () => {
    const user = await makeUser(t.app);
    const other = await makeUser(t.app);
    const token = await nativeLogin(other);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    const web = await sessionFor(t.app, user);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/native-sessions/${row?.id}`,
      headers: web,
    });
    expect(res.json()).toEqual({ removed: 0 });
    const still = await t.app.inject({ method: 'GET', url: '/api/protected/user', headers: bearer(token) });
    expect(still.statusCode).toBe(200);
    const own = await nativeLogin(user);
    const [mine] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(own)));
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/native-sessions/${mine?.id}`,
      headers: web,
    });
    expect(gone.json()).toEqual({ removed: 1 });
    const bad = await t.app.inject({
      method: 'DELETE',
      url: '/api/native-sessions/not-a-uuid',
      headers: web,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('authorization: anonymous 401; a locked account may revoke but not list', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/native-sessions' });
    expect(anonymous.statusCode).toBe(401);
    const anonymousTicket = await t.app.inject({ method: 'GET', url: '/api/media-ticket' });
    expect(anonymousTicket.statusCode).toBe(401);
    const locked = await makeUser(t.app, { locked: true });
    const token = await nativeLogin(locked);
    const list = await t.app.inject({ method: 'GET', url: '/api/native-sessions', headers: bearer(token) });
    expect(list.statusCode).toBe(403);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/native-sessions/${row?.id}`,
      headers: bearer(token),
    });
    expect(revoke.json()).toEqual({ removed: 1 });
  });
});

describe('R-NATIVE-6: CORS for the apps’ origins only', () => {
  const allowed = ['https://localhost', 'capacitor://localhost', 'http://localhost', EXTRA_ORIGIN];
  const foreign = ['https://evil.example', 'http://localhost:8080', 'null', 'https://app.example.org.evil'];

  it('answers allowed origins with their origin and no credentials mode; others get no CORS header', async () => {
    for (const origin of allowed) {
      const res = await t.app.inject({ method: 'GET', url: '/api/csrf-token', headers: { origin } });
      expect(res.headers['access-control-allow-origin'], origin).toBe(origin);
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(String(res.headers.vary)).toContain('Origin');
    }
    for (const origin of foreign) {
      const res = await t.app.inject({ method: 'GET', url: '/api/csrf-token', headers: { origin } });
      const cors = Object.keys(res.headers).filter((h) => h.startsWith('access-control-'));
      expect(cors, origin).toEqual([]);
    }
  });

  it('preflights every method the app uses, with the headers it sends', async () => {
    const calls: [string, string][] = [
      ['POST', '/api/login'],
      ['POST', '/api/signup'],
      ['GET', '/api/conversations'],
      ['GET', '/api/media-ticket'],
      ['POST', '/api/register-push-token'],
      ['GET', '/api/native-sessions'],
      ['DELETE', '/api/native-sessions/00000000-0000-7000-8000-000000000000'],
      ['POST', '/api/logout-everywhere'],
      ['POST', '/api/conversations/00000000-0000-7000-8000-000000000000/messages'],
      ['PUT', '/api/profile'],
      ['PATCH', '/api/conversations/00000000-0000-7000-8000-000000000000'],
      ['DELETE', '/api/unregister-push-token'],
      ['POST', '/api/logs/frontend'],
      ['POST', '/api/logout'],
    ];
    for (const [method, url] of calls) {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: 'capacitor://localhost',
          'access-control-request-method': method,
          'access-control-request-headers':
            'authorization,content-type,x-stoop-client,x-stoop-platform,x-correlation-id',
        },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('capacitor://localhost');
      expect(String(res.headers['access-control-allow-methods'])).toContain(method);
      const headers = String(res.headers['access-control-allow-headers']).toLowerCase();
      for (const header of [
        'authorization',
        'content-type',
        'x-stoop-client',
        'x-stoop-platform',
        'x-csrf-token',
        'x-correlation-id',
      ])
        expect(headers).toContain(header);
    }
    const foreignPreflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    const cors = Object.keys(foreignPreflight.headers).filter((h) => h.startsWith('access-control-'));
    expect(cors).toEqual([]);
  });

  it('the socket’s polling transport answers allowed origins only; its handshake refuses others', async () => {
    const poll = (origin: string) =>
      fetch(`${address}/socket.io/?EIO=4&transport=polling`, { headers: { origin } });
    const ok = await poll('capacitor://localhost');
    expect(ok.headers.get('access-control-allow-origin')).toBe('capacitor://localhost');
    await ok.body?.cancel();
    const evil = await poll('https://evil.example');
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    await evil.body?.cancel();
  });
});

describe('R-NATIVE-7: images by media ticket', () => {
  it('a ticket loads an avatar for an <img> of another origin, until it expires or its session ends', async () => {
    const user = await makeUser(t.app);
    const token = await nativeLogin(user);
    const file = `${randomUUID()}.webp`;
    await mkdir(avatarDir(t.config.UPLOAD_DIR), { recursive: true });
    await writeFile(path.join(avatarDir(t.config.UPLOAD_DIR), file), Buffer.from('RIFF0000WEBP'));
    const issued = await t.app.inject({ method: 'GET', url: '/api/media-ticket', headers: bearer(token) });
    const { ticket, expiresAt } = issued.json<{ ticket: string; expiresAt: string }>();
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(MEDIA_TICKET_TTL_MS);
    const url = `/api/avatars/${file}?mt=${encodeURIComponent(ticket)}`;
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // Without it, or with one forged, expired or for another route, no image.
    expect((await t.app.inject({ method: 'GET', url: `/api/avatars/${file}` })).statusCode).toBe(401);
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    const expired = issueMediaTicket(
      t.config.SESSION_SECRET,
      row?.id ?? '',
      Date.now() - MEDIA_TICKET_TTL_MS - 1000,
    );
    const forged = issueMediaTicket('another-secret-that-is-long-enough-000000', row?.id ?? '');
    for (const bad of [expired.ticket, forged.ticket, `${ticket}x`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/avatars/${file}?mt=${encodeURIComponent(bad)}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const notImage = await t.app.inject({
      method: 'GET',
      url: `/api/conversations?mt=${encodeURIComponent(ticket)}`,
    });
    expect(notImage.statusCode).toBe(401);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('a web session gets a ticket too (same rules), and no CSRF-free writes come with it', async () => {
    const user = await makeUser(t.app);
    const web = await sessionFor(t.app, user);
    const issued = await t.app.inject({ method: 'GET', url: '/api/media-ticket', headers: web });
    expect(issued.statusCode).toBe(200);
    const { ticket } = issued.json<{ ticket: string }>();
    const write = await t.app.inject({
      method: 'PUT',
      url: `/api/profile?mt=${encodeURIComponent(ticket)}`,
      payload: { description: 'x' },
      headers: { [CSRF_HEADER]: web[CSRF_HEADER] },
    });
    expect(write.statusCode).toBe(403);
  });
});
