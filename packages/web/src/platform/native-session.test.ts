// R-NATIVE-2, R-NATIVE-4, R-NATIVE-8, R-NATIVE-11, R-NATIVE-12: the web app's native code path, with the
// credentials installed as start.ts installs them in the app and the secure store on its browser
// fallback (the plugin's web implementation). The real app in Chromium: the native-app end-to-end test.
// This test needs a page of its own: it turns the shared API client into the native one.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSRF_HEADER } from '@stoop/shared/constants';
import { useAuthStore } from '../stores/auth.ts';
import { installFakeServer, json, makeUser } from '../test/fake-server.ts';
import { bearerToken, installNativeCredentials, setCsrfToken } from '../services/http/client.ts';
import { fetchCsrfToken } from '../services/http/csrf.ts';
import { mediaUrl } from '../stores/media-ticket.ts';
import { logger } from '../services/logger/logger.ts';
import { keepToken, readStoredToken, resumeSession } from './native-session.ts';

const credentials = {
  platform: 'android',
  token: null as string | null,
  ready: Promise.resolve(),
  persist: keepToken,
};

beforeAll(() => installNativeCredentials(credentials));
beforeEach(() => {
  vi.spyOn(logger, 'error').mockImplementation(() => undefined);
  vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
});
afterEach(async () => {
  await keepToken(null);
  credentials.token = null;
  useAuthStore.setState({ user: null, status: 'idle' });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ticketAnswer = () =>
  json(200, { ticket: 'tkt.1', expiresAt: new Date(Date.now() + 3_600_000).toISOString() });

describe('the native app signs in with a bearer token (R-NATIVE-11)', () => {
  it('logs in as a native client, keeps the token in the secure store and sends it on every call', async () => {
    const user = makeUser();
    const server = installFakeServer({
      'POST /api/login': () => json(200, { user, token: 'native-token-1' }),
      'GET /api/media-ticket': ticketAnswer,
      'GET /api/protected/user': () => json(200, { user }),
    });
    setCsrfToken('stale-csrf');
    await useAuthStore.getState().login(user.email, 'pw');
    const login = server.calls[0]!;
    expect(login.headers.get('x-stoop-client')).toBe('native');
    expect(login.headers.get('x-stoop-platform')).toBe('android');
    expect(login.headers.get('authorization')).toBeNull();
    expect(bearerToken()).toBe('native-token-1');
    await expect(readStoredToken()).resolves.toBe('native-token-1');

    await useAuthStore.getState().loadCurrentUser();
    const read = server.calls.find((c) => c.path === '/api/protected/user')!;
    expect(read.headers.get('authorization')).toBe('Bearer native-token-1');
    expect(read.headers.get(CSRF_HEADER)).toBeNull();
    const init = server.fetchMock.mock.calls.at(-1)?.[1];
    expect(init?.credentials).toBe('omit');
  });

  it('fetches no CSRF token', async () => {
    const server = installFakeServer({ 'GET /api/csrf-token': () => json(200, { csrfToken: 'x' }) });
    await expect(fetchCsrfToken()).resolves.toBeNull();
    expect(server.calls).toHaveLength(0);
  });

  it('logout revokes the token on the server and forgets it on the device (R-NATIVE-4)', async () => {
    const user = makeUser();
    const server = installFakeServer({
      'POST /api/login': () => json(200, { user, token: 'native-token-2' }),
      'GET /api/media-ticket': ticketAnswer,
      'POST /api/logout': () => json(200, {}),
    });
    await useAuthStore.getState().login(user.email, 'pw');
    await useAuthStore.getState().logout();
    const logout = server.calls.find((c) => c.path === '/api/logout')!;
    expect(logout.headers.get('authorization')).toBe('Bearer native-token-2');
    expect(bearerToken()).toBeNull();
    await expect(readStoredToken()).resolves.toBeNull();
    expect(server.called('GET', '/api/csrf-token')).toBe(false);
  });

  it('a 401 on the session check forgets a revoked token', async () => {
    installFakeServer({
      'GET /api/protected/user': () => json(401, { message: 'Not signed in' }),
    });
    await keepToken('revoked');
    credentials.token = 'revoked';
    await expect(useAuthStore.getState().loadCurrentUser()).resolves.toBeNull();
    expect(bearerToken()).toBeNull();
    await expect(readStoredToken()).resolves.toBeNull();
  });
});

describe('images by media ticket (R-NATIVE-12)', () => {
  it('shows no server image before the ticket, then the URL with ?mt=; other URLs pass unchanged', async () => {
    installFakeServer({ 'GET /api/media-ticket': ticketAnswer });
    expect(mediaUrl('/api/avatars/a.webp')).toBeUndefined();
    resumeSession('some-token');
    await vi.waitFor(() => expect(mediaUrl('/api/avatars/a.webp')).toBe('/api/avatars/a.webp?mt=tkt.1'));
    expect(mediaUrl('/api/files/f1/thumbnail?size=2')).toBe('/api/files/f1/thumbnail?size=2&mt=tkt.1');
    expect(mediaUrl('blob:https://localhost/123')).toBe('blob:https://localhost/123');
    expect(mediaUrl(null)).toBeUndefined();
    await keepToken(null);
    expect(mediaUrl('/api/avatars/a.webp')).toBeUndefined();
  });
});
