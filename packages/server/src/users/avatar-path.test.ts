import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { User } from '@stoop/shared';
import { formOf, injectForm, type Headers } from '../conversations/testing.ts';
import { createTestApp, makeUser, sessionFor, type TestApp } from '../test/helpers.ts';
import { call, expectError } from '../test/http.ts';

/** avatarPath may only keep or clear the resident's own avatar, never adopt someone else's file. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const picture = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();

async function uploadAvatar(headers: Headers): Promise<string> {
  const form = formOf({}, { field: 'avatar', name: 'me.png', bytes: await picture(), type: 'image/png' });
  const res = await injectForm(t.app, 'PUT', '/api/profile', form, headers);
  expect(res.statusCode, res.body).toBe(200);
  const avatar = res.json<{ user: User }>().user.avatar;
  if (!avatar) throw new Error('no avatar stored');
  return avatar;
}

describe('PUT /api/profile avatarPath', () => {
  it("refuses another resident's avatar, which then survives the next upload", async () => {
    const victim = await sessionFor(t.app, await makeUser(t.app));
    const thief = await sessionFor(t.app, await makeUser(t.app));
    const victimAvatar = await uploadAvatar(victim);

    expectError(await call(t.app, 'PUT', '/api/profile', { avatarPath: victimAvatar }, thief), 400, {
      field: 'avatarPath',
    });
    // Were the path accepted, this upload would delete the victim's file as the thief's "old" avatar.
    await uploadAvatar(thief);
    const served = await t.app.inject({ method: 'GET', url: victimAvatar, headers: victim });
    expect(served.statusCode).toBe(200);
  });

  it('keeps (same path) or clears ("") the own avatar', async () => {
    const me = await sessionFor(t.app, await makeUser(t.app));
    const mine = await uploadAvatar(me);
    const kept = await call(t.app, 'PUT', '/api/profile', { avatarPath: mine }, me);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<{ user: User }>().user.avatar).toBe(mine);
    const cleared = await call(t.app, 'PUT', '/api/profile', { avatarPath: '' }, me);
    expect(cleared.json<{ user: User }>().user.avatar).toBeNull();
  });
});
