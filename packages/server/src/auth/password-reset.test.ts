import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  csrfHeaders,
  makeUser,
  readOutbox,
  requestResetToken as requestResetTokenOf,
  sessionFor,
  TEST_PASSWORD,
  type TestApp,
} from '../test/helpers.ts';
import { call, expectError } from '../test/http.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const requestResetToken = (email: string) => requestResetTokenOf(t.app, email);

describe('POST /api/forgot-password and POST /api/reset-password', () => {
  it('issue: the mailed link resets the password, ends every session and works once', async () => {
    const user = await makeUser(t.app);
    const oldSession = await sessionFor(t.app, user);
    const token = await requestResetToken(user.email);
    const mail = (await readOutbox(t.app)).at(-1)!;
    expect(mail.subject).toBe('Reset your Stoop password');
    // The link is on PUBLIC_URL.
    expect(mail.text).toContain(`http://stoop.test/reset-password?token=${token}`);

    const reset = await call(
      t.app,
      'POST',
      '/api/reset-password',
      { token, password: 'a brand new password' },
      csrfHeaders(t.app),
    );
    expect(reset.statusCode).toBe(204);
    // All sessions of the user ended.
    expectError(await call(t.app, 'GET', '/api/protected/user', undefined, oldSession), 401);
    // The new password works, the old one not.
    const login = (password: string) =>
      call(t.app, 'POST', '/api/login', { email: user.email, password }, csrfHeaders(t.app));
    expect((await login('a brand new password')).statusCode).toBe(200);
    expectError(await login(TEST_PASSWORD), 401);
    // Single use.
    const again = await call(
      t.app,
      'POST',
      '/api/reset-password',
      { token, password: 'yet another password' },
      csrfHeaders(t.app),
    );
    expectError(again, 400, { field: 'token' });
  });

  it('issue: forgot-password answers 204 for an unknown email and sends nothing', async () => {
    const before = (await readOutbox(t.app)).length;
    const res = await call(
      t.app,
      'POST',
      '/api/forgot-password',
      { email: 'ghost@example.com' },
      csrfHeaders(t.app),
    );
    expect(res.statusCode).toBe(204);
    expect((await readOutbox(t.app)).length).toBe(before);
  });

  it('R-API-28: an expired link is refused with 400', async () => {
    const user = await makeUser(t.app);
    const token = await requestResetToken(user.email);
    const { passwordResets } = await import('../db/schema/index.ts');
    await t.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await call(
      t.app,
      'POST',
      '/api/reset-password',
      { token, password: 'a brand new password' },
      csrfHeaders(t.app),
    );
    expectError(res, 400, { field: 'token' });
  });

  it('a new link makes older links useless once one is used', async () => {
    const user = await makeUser(t.app);
    const first = await requestResetToken(user.email);
    const second = await requestResetToken(user.email);
    expect(
      (
        await call(
          t.app,
          'POST',
          '/api/reset-password',
          { token: second, password: 'password number two' },
          csrfHeaders(t.app),
        )
      ).statusCode,
    ).toBe(204);
    expectError(
      await call(
        t.app,
        'POST',
        '/api/reset-password',
        { token: first, password: 'password number one' },
        csrfHeaders(t.app),
      ),
      400,
    );
  });

  it('an unknown token gives 400 naming token', async () => {
    const res = await call(
      t.app,
      'POST',
      '/api/reset-password',
      { token: 'x'.repeat(43), password: 'a brand new password' },
      csrfHeaders(t.app),
    );
    expectError(res, 400, { field: 'token' });
  });

  it.each([
    ['/api/forgot-password', 'email', { email: 'nope' }],
    ['/api/forgot-password', 'email', {}],
    ['/api/reset-password', 'token', { password: 'long enough password' }],
    ['/api/reset-password', 'password', { token: 'x'.repeat(43), password: 'short' }],
  ])('validation: %s gives 400 naming %s', async (url, field, body) => {
    expectError(await call(t.app, 'POST', url, body, csrfHeaders(t.app)), 400, { field });
  });

  it.each(['/api/forgot-password', '/api/reset-password'])(
    'R-ACCESS-5: %s without CSRF is refused',
    async (url) => {
      expectError(await call(t.app, 'POST', url, { email: 'a@example.com' }), 403, { code: 'CSRF_INVALID' });
    },
  );

  it('R-ACCESS-4: a locked session gets 403 ACCOUNT_LOCKED from forgot-password', async () => {
    const locked = await makeUser(t.app, { locked: true });
    const res = await call(
      t.app,
      'POST',
      '/api/forgot-password',
      { email: locked.email },
      await sessionFor(t.app, locked),
    );
    expectError(res, 403, { code: 'ACCOUNT_LOCKED' });
  });
});

describe('POST /api/contact', () => {
  const message = {
    name: 'Pat Visitor',
    email: 'pat@example.com',
    message: 'Is there a waiting list for 4B?',
  };

  it('R-API-30: stores the message (201) and mails it to the admin address', async () => {
    const withAdmin = await createTestApp({ ADMIN_EMAIL: 'office@stoop.test' });
    try {
      const res = await call(withAdmin.app, 'POST', '/api/contact', message, csrfHeaders(withAdmin.app));
      expect(res.statusCode).toBe(201);
      expect(res.json<{ id: string }>().id).toMatch(/^[0-9a-f-]{36}$/);
      const mail = (await readOutbox(withAdmin.app)).at(-1);
      expect(mail).toMatchObject({ to: 'office@stoop.test' });
      expect(mail?.text).toContain('Is there a waiting list for 4B?');
    } finally {
      await withAdmin.close();
    }
  });

  it.each([
    ['name', { name: '' }],
    ['email', { email: 'x' }],
    ['message', { message: '   ' }],
    ['message', { message: 'x'.repeat(5001) }],
  ])('validation: 400 naming %s', async (field, change) => {
    expectError(
      await call(t.app, 'POST', '/api/contact', { ...message, ...change }, csrfHeaders(t.app)),
      400,
      { field },
    );
  });

  it('R-ACCESS-4, R-GUARD-3: a locked resident may write to the office (201)', async () => {
    const locked = await makeUser(t.app, { locked: true });
    const res = await call(t.app, 'POST', '/api/contact', message, await sessionFor(t.app, locked));
    expect(res.statusCode).toBe(201);
  });

  it('R-ACCESS-5, R-API-30: contact without CSRF is refused', async () => {
    expectError(await call(t.app, 'POST', '/api/contact', message), 403, { code: 'CSRF_INVALID' });
  });
});
