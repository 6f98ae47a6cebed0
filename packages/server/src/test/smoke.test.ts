import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, makeUser, sessionFor, type TestApp } from './helpers.ts';

describe('test helpers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('sessionFor gives headers accepted by GET /api/protected/user', async () => {
    const user = await makeUser(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/protected/user',
      headers: await sessionFor(t.app, user),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: user.id, email: user.email, isLocked: false } });
  });
});
