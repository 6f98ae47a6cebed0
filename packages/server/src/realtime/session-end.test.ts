import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/index.ts';
import { call } from '../test/http.ts';
import {
  TEST_PASSWORD,
  createTestApp,
  makeAdmin,
  makeUser,
  requestResetToken,
  sessionFor,
  type AuthHeaders,
  type TestApp,
} from '../test/helpers.ts';
import { makeDirect, sendText } from '../conversations/testing.ts';
import { connected, disconnection, openSocket, refusal, settle, until, type Recorder } from './testing.ts';

/**
 * Every end of a session ends the sockets opened with it, at once: an open socket must never go on
 * receiving a resident's direct messages after logout, a password reset or the session's expiry.
 */
let t: TestApp;
let url: string;
const sockets: Recorder[] = [];
const open = async (headers: AuthHeaders) => {
  const recorder = await connected(url, headers.cookie);
  sockets.push(recorder);
  return recorder;
};

/** A resident with a direct conversation with a friend, and the friend's headers to send into it. */
async function residentWithDirect() {
  const user = await makeUser(t.app);
  const friend = await makeUser(t.app);
  const friendHeaders = await sessionFor(t.app, friend);
  const direct = await makeDirect(t.app, friendHeaders, user.id);
  return { user, friendHeaders, direct };
}

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

describe('R-SESSION-10: a session that ends takes its sockets with it', () => {
  it('logout disconnects the sockets of that session only, and they receive no later direct message', async () => {
    const { user, friendHeaders, direct } = await residentWithDirect();
    const loggedOut = await sessionFor(t.app, user);
    const otherDevice = await sessionFor(t.app, user);
    const socket = await open(loggedOut);
    const kept = await open(otherDevice);
    const ended = disconnection(socket);

    const res = await call(t.app, 'POST', '/api/logout', undefined, loggedOut);
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await ended).toBe('io server disconnect');

    const message = await sendText(t.app, friendHeaders, direct.id, 'after the logout');
    await until(() => kept.messages('message:new').some((m) => m.id === message.id));
    expect(socket.messages('message:new').map((m) => m.id)).not.toContain(message.id);
    expect(kept.socket.connected).toBe(true);
    expect(await refusal(url, loggedOut.cookie)).toBe('UNAUTHENTICATED');
  });

  it('a password reset disconnects every socket of the user, on every session', async () => {
    const { user, friendHeaders, direct } = await residentWithDirect();
    const [first, second] = [
      await open(await sessionFor(t.app, user)),
      await open(await sessionFor(t.app, user)),
    ];
    const ended = [disconnection(first), disconnection(second)];

    const token = await requestResetToken(t.app, user.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token, password: `${TEST_PASSWORD} renewed` },
      headers: { ...(await sessionFor(t.app, await makeUser(t.app))) },
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await Promise.all(ended)).toEqual(['io server disconnect', 'io server disconnect']);

    const message = await sendText(t.app, friendHeaders, direct.id, 'after the reset');
    await settle();
    for (const socket of [first, second]) {
      expect(socket.messages('message:new').map((m) => m.id)).not.toContain(message.id);
    }
  });

  it('signing in over a session ends the old session and its sockets', async () => {
    const user = await makeUser(t.app);
    const headers = await sessionFor(t.app, user);
    const socket = await open(headers);
    const ended = disconnection(socket);
    const res = await call(
      t.app,
      'POST',
      '/api/login',
      { email: user.email, password: TEST_PASSWORD },
      headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await ended).toBe('io server disconnect');
  });

  it('set-user and its end disconnect the admin session’s sockets; viewing as someone gets none (R-API-40)', async () => {
    const admin = await makeAdmin(t.app);
    const headers = await sessionFor(t.app, admin);
    const { user } = await residentWithDirect();
    const before = await open(headers);
    const ended = disconnection(before);
    const res = await call(t.app, 'POST', '/api/set-user', { userId: user.id }, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(await ended).toBe('io server disconnect');
    // The view never receives the resident's conversations live.
    expect(await refusal(url, headers.cookie)).toBe('VIEWING_AS');

    const back = await call(t.app, 'POST', '/api/set-user', { userId: admin.id }, headers);
    expect(back.statusCode, back.body).toBe(200);
    const again = await open(headers);
    expect(again.socket.connected).toBe(true);
  });

  it('a session that expires while its socket is open ends the socket at the expiry', async () => {
    const { user, friendHeaders, direct } = await residentWithDirect();
    const headers = await sessionFor(t.app, user);
    // The session is close to its end; the socket is opened before it.
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 800) })
      .where(eq(sessions.userId, user.id));
    const socket = await open(headers);
    const ended = disconnection(socket);
    expect(await ended).toBe('io server disconnect');
    const message = await sendText(t.app, friendHeaders, direct.id, 'after the expiry');
    await settle();
    expect(socket.messages('message:new').map((m) => m.id)).not.toContain(message.id);
  });

  it('a session removed while the handshake read it from the cache does not keep its socket', async () => {
    const user = await makeUser(t.app);
    const headers = await sessionFor(t.app, user);
    // An API call puts the session in the cache; the row then goes without any event (another
    // instance's logout whose notice has not arrived yet, or an operator's SQL).
    expect((await call(t.app, 'GET', '/api/protected/user', undefined, headers)).statusCode).toBe(200);
    await t.db.delete(sessions).where(eq(sessions.userId, user.id));
    const socket = openSocket(url, headers.cookie);
    const outcome = await new Promise<string>((resolve) => {
      socket.once('connect_error', (error) => resolve(`refused ${error.message}`));
      socket.once('disconnect', (reason) => resolve(reason));
    });
    socket.disconnect();
    // The handshake admitted the cached session; the check after joining its rooms ended it.
    expect(outcome).toBe('io server disconnect');
  });
});
