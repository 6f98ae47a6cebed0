import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, sessionFor, type AuthHeaders, type TestApp } from '../test/helpers.ts';
import { connected, type Recorder } from './testing.ts';
import { originAllowed } from './handshake-guard.ts';

let t: TestApp;
let url: string;
const sockets: Recorder[] = [];
beforeAll(async () => {
  t = await createTestApp({
    PUBLIC_URL: 'https://stoop.example',
    SOCKETS_PER_SESSION: '2',
    SOCKETS_PER_USER: '3',
  });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

const open = async (headers: AuthHeaders) => {
  const recorder = await connected(url, headers.cookie);
  sockets.push(recorder);
  return recorder;
};

/** How a handshake with these headers ends: 'connected', or the refusal's code and words. */
function attempt(headers: Record<string, string>): Promise<{ code: string; message?: string }> {
  const socket = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: headers,
  });
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.disconnect();
      resolve({ code: 'connected' });
    });
    socket.once('connect_error', (error: Error & { data?: { message?: string } }) => {
      socket.disconnect();
      resolve({ code: error.message, ...(error.data?.message ? { message: error.data.message } : {}) });
    });
  });
}

describe('R-LIMIT-7: sockets per session and per resident', () => {
  it('refuses the extra connection of a session, then of a resident, with a clear error', async () => {
    const user = await makeUser(t.app);
    const phone = await sessionFor(t.app, user);
    await open(phone);
    await open(phone);
    const third = await attempt({ cookie: phone.cookie });
    expect(third).toEqual({
      code: 'TOO_MANY_CONNECTIONS',
      message: 'At most 2 live connections per signed-in device. Close another tab.',
    });
    const laptop = await sessionFor(t.app, user);
    await open(laptop);
    const refused = await attempt({ cookie: (await sessionFor(t.app, user)).cookie });
    expect(refused.code).toBe('TOO_MANY_CONNECTIONS');
    expect(refused.message).toMatch(/^At most 3 live connections per account\./);
    // A neighbour is not affected.
    await open(await sessionFor(t.app, await makeUser(t.app)));
  });
});

describe('R-LIMIT-8: the handshake checks Origin', () => {
  it('refuses a page of another site; PUBLIC_URL, the native apps and non-browser clients connect', async () => {
    const { cookie } = await sessionFor(t.app, await makeUser(t.app));
    expect(await attempt({ cookie, origin: 'https://evil.example' })).toEqual({
      code: 'ORIGIN_NOT_ALLOWED',
      message: 'Connections from this site are not allowed.',
    });
    // Refused before the session is looked at: the same answer with no cookie at all.
    expect((await attempt({ origin: 'https://evil.example' })).code).toBe('ORIGIN_NOT_ALLOWED');
    for (const origin of [
      'https://stoop.example',
      'capacitor://localhost',
      'https://localhost',
      'http://localhost',
    ]) {
      expect(await attempt({ cookie, origin }), origin).toEqual({ code: 'connected' });
    }
    expect(await attempt({ cookie })).toEqual({ code: 'connected' });
  });

  it('over plain http (local use) loopback dev servers are allowed too; same-host always is', () => {
    const local = { PUBLIC_URL: 'http://localhost:3000', secureCookies: false, CORS_ORIGINS: [] };
    const hosted = { PUBLIC_URL: 'https://stoop.example', secureCookies: true, CORS_ORIGINS: [] };
    expect(originAllowed(local, 'http://localhost:5173', 'localhost:3000')).toBe(true);
    expect(originAllowed(hosted, 'http://localhost:5173', 'stoop.example')).toBe(false);
    expect(originAllowed(hosted, 'https://chat.stoop.example', 'chat.stoop.example')).toBe(true);
    expect(originAllowed(hosted, 'not a url', 'stoop.example')).toBe(false);
  });
});
