import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSRF_HEADER } from '@stoop/shared/constants';
import { setCsrfToken } from '../services/http/client.ts';
import { logger } from '../services/logger/logger.ts';
import { registerSessionCleanup } from '../services/session/session-cleanup.ts';
import { storage } from '../services/storage/storage.ts';
import { firstSessionDataBlock } from '@stoop/shared/first-view';
import { apiError, installFakeServer, json, makeUser } from '../test/fake-server.ts';
import { STORED_USER_KEY, useAuthStore } from './auth.ts';

const user = makeUser();

beforeEach(() => {
  setCsrfToken(null);
  localStorage.clear();
  useAuthStore.setState({ user: null, status: 'idle' });
  vi.spyOn(logger, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('auth store (R-SESSION-0 session)', () => {
  it('sets and stores the user when the session check succeeds', async () => {
    installFakeServer({ 'GET /api/protected/user': () => json(200, { user }) });
    await useAuthStore.getState().loadCurrentUser();
    expect(useAuthStore.getState()).toMatchObject({ user: { id: user.id }, status: 'ready' });
    expect(storage.get<unknown>(STORED_USER_KEY, null)).toMatchObject({ id: user.id });
  });

  it.each([401, 403])('treats %i as no session and clears the stored user', async (status) => {
    installFakeServer({
      'GET /api/protected/user': () => apiError(status, 'No', status === 403 ? 'ACCOUNT_LOCKED' : undefined),
    });
    storage.set(STORED_USER_KEY, user);
    useAuthStore.setState({ user });
    await useAuthStore.getState().loadCurrentUser();
    expect(useAuthStore.getState().user).toBeNull();
    expect(storage.get<unknown>(STORED_USER_KEY, null)).toBeNull();
  });

  it('R-DELIVERY-13: takes the first check from the page once, asks the server after that', async () => {
    const server = installFakeServer({ 'GET /api/protected/user': () => json(200, { user: null }) });
    document.body.insertAdjacentHTML('beforeend', firstSessionDataBlock({ user }));
    await useAuthStore.getState().loadCurrentUser();
    expect(server.calls).toHaveLength(0);
    expect(useAuthStore.getState()).toMatchObject({ user: { id: user.id }, status: 'ready' });
    await useAuthStore.getState().loadCurrentUser();
    expect(server.calls).toHaveLength(1);
    expect(useAuthStore.getState().user).toBeNull();

    // A page written for a visitor without a session says so, and nothing is asked.
    document.body.insertAdjacentHTML('beforeend', firstSessionDataBlock({ user: null }));
    useAuthStore.setState({ user });
    await useAuthStore.getState().loadCurrentUser();
    expect(server.calls).toHaveLength(1);
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('shares one request between concurrent session checks', async () => {
    const server = installFakeServer({ 'GET /api/protected/user': () => json(200, { user }) });
    await Promise.all([useAuthStore.getState().loadCurrentUser(), useAuthStore.getState().loadCurrentUser()]);
    expect(server.calls).toHaveLength(1);
  });

  it('re-initialises from stored user data, then confirms with the server', async () => {
    const fresh = makeUser({ username: 'Renamed' });
    installFakeServer({ 'GET /api/protected/user': () => json(200, { user: fresh }) });
    storage.set(STORED_USER_KEY, user);
    const pending = useAuthStore.getState().reinitialise();
    expect(useAuthStore.getState().user?.username).toBe(user.username);
    await pending;
    expect(useAuthStore.getState().user?.username).toBe('Renamed');
  });

  it('logs in with email and password and stores the user', async () => {
    const server = installFakeServer({ 'POST /api/login': () => json(200, { user }) });
    await useAuthStore.getState().login('resident@example.com', 'long-password');
    expect(server.calls[0]?.body).toEqual({ email: 'resident@example.com', password: 'long-password' });
    expect(useAuthStore.getState().user?.id).toBe(user.id);
  });

  it.each([
    ['POST /api/login', () => useAuthStore.getState().login('resident@example.com', 'long-password')],
    [
      'POST /api/signup',
      () =>
        useAuthStore.getState().signup({
          email: 'new@example.com',
          password: 'long-password',
          username: 'New',
          acceptTerms: true,
        }),
    ],
  ] as const)(
    'R-SESSION-14: %s installs the renewed CSRF token of its answer for the next calls',
    async (route, signIn) => {
      const server = installFakeServer({
        [route]: () => json(route.includes('signup') ? 201 : 200, { user, csrfToken: 'after-sign-in' }),
        'POST /api/contact': () => json(201, {}),
      });
      setCsrfToken('before-sign-in');
      await signIn();
      expect(server.calls[0]?.headers.get(CSRF_HEADER)).toBe('before-sign-in');
      await import('../services/http/client.ts').then(({ api }) => api.post('/api/contact', { body: {} }));
      expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual([route, 'POST /api/contact']);
      expect(server.calls.at(-1)?.headers.get(CSRF_HEADER)).toBe('after-sign-in');
    },
  );

  it('R-SESSION-14: a sign-in answer without a CSRF token fetches a fresh one', async () => {
    const server = installFakeServer({
      'POST /api/login': () => json(200, { user }),
      'GET /api/csrf-token': () => json(200, { csrfToken: 'fetched' }),
      'POST /api/contact': () => json(201, {}),
    });
    setCsrfToken('before-sign-in');
    await useAuthStore.getState().login('resident@example.com', 'long-password');
    await import('../services/http/client.ts').then(({ api }) => api.post('/api/contact', { body: {} }));
    expect(server.calls.at(-1)?.headers.get(CSRF_HEADER)).toBe('fetched');
  });

  it('clears the user when login fails', async () => {
    installFakeServer({ 'POST /api/login': () => apiError(401, 'Invalid email or password') });
    storage.set(STORED_USER_KEY, user);
    useAuthStore.setState({ user });
    await expect(useAuthStore.getState().login('a@example.com', 'wrong-pass')).rejects.toThrow(
      'Invalid email or password',
    );
    expect(useAuthStore.getState().user).toBeNull();
    expect(storage.get<unknown>(STORED_USER_KEY, null)).toBeNull();
  });

  it('signs up and keeps the locked, pending user', async () => {
    const pendingUser = makeUser({ isLocked: true, reasonForLock: 'pending_approval' });
    const server = installFakeServer({ 'POST /api/signup': () => json(201, { user: pendingUser }) });
    const input = {
      email: 'new@example.com',
      password: 'long-password',
      username: 'New',
      acceptTerms: true,
    } as const;
    await useAuthStore.getState().signup(input);
    expect(server.calls[0]?.body).toEqual(input);
    expect(useAuthStore.getState().user?.reasonForLock).toBe('pending_approval');
  });

  it('logout runs the registered cleanups, clears the user, then refreshes the CSRF token', async () => {
    const order: string[] = [];
    const server = installFakeServer({
      'POST /api/logout': () => {
        order.push('logout');
        return json(200, { csrfToken: 'from-logout' });
      },
      'GET /api/csrf-token': () => {
        order.push('csrf');
        return json(200, { csrfToken: 'fresh' });
      },
      'POST /api/contact': () => json(201, {}),
    });
    const unregister = registerSessionCleanup(() => {
      order.push('sockets');
    });
    registerSessionCleanup(() => Promise.reject(new Error('timer cleanup failed')));
    setCsrfToken('old');
    storage.set(STORED_USER_KEY, user);
    useAuthStore.setState({ user, status: 'ready' });

    await useAuthStore.getState().logout();
    unregister();

    expect(order).toEqual(['logout', 'sockets', 'csrf']);
    expect(useAuthStore.getState().user).toBeNull();
    expect(storage.get<unknown>(STORED_USER_KEY, null)).toBeNull();
    expect(logger.error).toHaveBeenCalledWith('A logout cleanup failed', expect.any(Error));
    await import('../services/http/client.ts').then(({ api }) => api.post('/api/contact', { body: {} }));
    expect(server.calls.at(-1)?.headers.get(CSRF_HEADER)).toBe('fresh');
  });
});
