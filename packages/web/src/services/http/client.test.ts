import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSRF_HEADER, LOGIN_TIMEOUT_MS } from '@stoop/shared/constants';
import { TEXTS } from '@stoop/shared/texts';
import { useAuthStore } from '../../stores/auth.ts';
import { apiError, installFakeServer, json, makeUser } from '../../test/fake-server.ts';
import { ApiError, api, CLIENT_ERROR_CODES, getCsrfToken, setCsrfToken } from './client.ts';
import { fetchCsrfToken } from './csrf.ts';
import { logger } from '../logger/logger.ts';

beforeEach(() => {
  setCsrfToken(null);
  localStorage.clear();
  useAuthStore.setState({ user: null, status: 'idle' });
  vi.spyOn(logger, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('api client (R-API-38)', () => {
  it('includes cookies and sends JSON', async () => {
    const server = installFakeServer({ 'POST /api/contact': () => json(201, { ok: true }) });
    await api.post('/api/contact', { body: { name: 'A' } });
    const init = server.fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(server.calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(server.calls[0]?.body).toEqual({ name: 'A' });
  });

  it('sends the CSRF token as x-csrf-token on every request after it was fetched', async () => {
    const server = installFakeServer({
      'GET /api/csrf-token': () => json(200, { csrfToken: 'tok-1' }),
      'GET /api/protected/user': () => apiError(401, 'No session'),
      'POST /api/contact': () => json(201, {}),
    });
    await expect(api.post('/api/contact', { body: {} })).resolves.toEqual({});
    expect(server.calls[0]?.headers.get(CSRF_HEADER)).toBeNull();
    expect(await fetchCsrfToken()).toBe('tok-1');
    await api.post('/api/contact', { body: {} });
    await api.get('/api/protected/user').catch(() => undefined);
    expect(server.calls.slice(2).map((c) => c.headers.get(CSRF_HEADER))).toEqual(['tok-1', 'tok-1']);
  });

  it('only logs a failed CSRF fetch', async () => {
    installFakeServer({ 'GET /api/csrf-token': () => Promise.reject(new TypeError('offline')) });
    await expect(fetchCsrfToken()).resolves.toBeNull();
    expect(logger.error).toHaveBeenCalledWith('Failed to fetch CSRF token', expect.any(ApiError));
    expect(getCsrfToken()).toBeNull();
  });

  it('has no default time-out', async () => {
    vi.useFakeTimers();
    let resolve: (r: Response) => void = () => undefined;
    installFakeServer({ 'GET /api/slow': () => new Promise<Response>((r) => (resolve = r)) });
    const pending = api.get('/api/slow');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    resolve(json(200, { done: true }));
    await expect(pending).resolves.toEqual({ done: true });
  });

  it(`aborts login after ${LOGIN_TIMEOUT_MS} ms`, async () => {
    vi.useFakeTimers();
    const server = installFakeServer();
    server.fetchMock.mockImplementation(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const attempt = useAuthStore.getState().login('a@example.com', 'secret-pass');
    const outcome = attempt.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(LOGIN_TIMEOUT_MS - 1);
    expect(await Promise.race([outcome, Promise.resolve('pending')])).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(CLIENT_ERROR_CODES.timeout);
  });

  it(`rejects a login response without a user with '${TEXTS.loginInvalidResponse}'`, async () => {
    installFakeServer({ 'POST /api/login': () => json(200, { ok: true }) });
    useAuthStore.setState({ user: makeUser() });
    await expect(useAuthStore.getState().login('a@example.com', 'x')).rejects.toThrow(
      TEXTS.loginInvalidResponse,
    );
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('turns a 401 into an ApiError carrying status, code, field and message', async () => {
    installFakeServer({
      'GET /api/protected/user': () =>
        json(401, {
          statusCode: 401,
          error: 'Unauthorized',
          message: 'Sign in first',
          code: 'UNAUTHENTICATED',
          field: 'email',
        }),
    });
    const error = await api.get('/api/protected/user').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
      field: 'email',
      message: 'Sign in first',
    });
  });

  it('reports an unreachable server as a network ApiError', async () => {
    installFakeServer({ 'GET /api/x': () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 0, code: CLIENT_ERROR_CODES.network });
  });

  it('sends FormData as multipart without a JSON content type', async () => {
    const server = installFakeServer({ 'PUT /api/profile': () => json(200, { user: makeUser() }) });
    const form = new FormData();
    form.set('username', 'Ann');
    await api.put('/api/profile', { body: form });
    expect(server.calls[0]?.headers.get('content-type')).toBeNull();
    expect(server.calls[0]?.body).toBe(form);
  });
});
